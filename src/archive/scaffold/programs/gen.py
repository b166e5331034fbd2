# Generator: testlib-style arguments -t=T -max_n=N -seed=S; prints T games with heaps in
# 0..N. Every random choice comes from -seed, so a test is reproduced from its plan line.
# Parameters out of the validator's ranges, or unknown ones, are refused before anything is
# printed (exit 2, naming the parameter), so every accepted parameter gives a valid input.
import random
import sys

RANGES = {"seed": (0, 2**64 - 1), "t": (1, 1000), "max_n": (0, 10**18)}


def refuse(why):
    print(f"gen.py: {why}", file=sys.stderr)
    sys.exit(2)


args = {}
for arg in sys.argv[1:]:
    key, _, value = arg.lstrip("-").partition("=")
    if key not in RANGES:
        refuse(f"unknown parameter {key!r}; the parameters are {', '.join(RANGES)}")
    lo, hi = RANGES[key]
    if not value.isdigit() or not lo <= int(value) <= hi:
        refuse(f"-{key}={value}: expected an integer in {lo}..{hi}")
    args[key] = int(value)
if "seed" not in args:
    refuse("missing -seed=S")
rng = random.Random(args["seed"])
t = args.get("t", 10)
max_n = args.get("max_n", 100)
print(t)
for _ in range(t):
    print(rng.randint(0, max_n))
