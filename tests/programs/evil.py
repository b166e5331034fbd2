"""Python failures for the judge's evil suite: `evil.py MODE TOKEN`."""
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else ""
if mode == "exception":
    print("second")
    raise ValueError("on purpose")
elif mode == "memory":
    hoard = []
    while True:
        hoard.append(bytearray(1 << 20))
else:
    sys.exit(64)
