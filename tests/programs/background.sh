#!/bin/sh
# The answer, and a sleeper left running in the background: `background.sh TOKEN`.
echo second
sleep 30 &
