# Generator: testlib-style arguments -t=T -max_n=N -seed=S; prints T games with heaps in
# 0..N. Every random choice comes from -seed, so a test is reproduced from its plan line.
import random
import sys

args = dict(arg[1:].split("=", 1) for arg in sys.argv[1:])
rng = random.Random(int(args["seed"]))
t = int(args.get("t", "10"))
max_n = int(args.get("max_n", "100"))
print(t)
for _ in range(t):
    print(rng.randint(0, max_n))
