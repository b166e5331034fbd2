# Generator: testlib-style arguments -max_n=N [-secret=random|edge] -seed=S; prints one test,
# "n q x": n in 1..N, q the number of binary digits of n, the secret x in 1..n (with
# -secret=edge: 1 or n). Every random choice comes from -seed, so a test is reproduced from its
# plan line. Parameters out of range, or unknown ones, are refused before anything is printed
# (exit 2, naming the parameter).
import random
import sys

RANGES = {"seed": (0, 2**64 - 1), "max_n": (1, 10**9)}
SECRETS = ("random", "edge")


def refuse(why):
    print(f"gen.py: {why}", file=sys.stderr)
    sys.exit(2)


args = {"secret": "random"}
for arg in sys.argv[1:]:
    key, _, value = arg.lstrip("-").partition("=")
    if key == "secret":
        if value not in SECRETS:
            refuse(f"-secret={value}: expected one of {', '.join(SECRETS)}")
        args[key] = value
        continue
    if key not in RANGES:
        refuse(f"unknown parameter {key!r}; the parameters are {', '.join(RANGES)}, secret")
    lo, hi = RANGES[key]
    if not value.isdigit() or not lo <= int(value) <= hi:
        refuse(f"-{key}={value}: expected an integer in {lo}..{hi}")
    args[key] = int(value)
if "seed" not in args:
    refuse("missing -seed=S")
rng = random.Random(args["seed"])
max_n = args.get("max_n", 100)
n = rng.randint(max(1, max_n // 2), max_n)
x = rng.choice((1, n)) if args["secret"] == "edge" else rng.randint(1, n)
print(n, n.bit_length(), x)
