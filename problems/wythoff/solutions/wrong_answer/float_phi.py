"""WRONG: floor(k * phi) with Python floats (IEEE double): wrong for large k."""
import math
import sys

PHI = (1 + math.sqrt(5)) / 2
data = sys.stdin.buffer.read().split()
out = []
for i in range(0, len(data), 2):
    a, b = sorted((int(data[i]), int(data[i + 1])))
    out.append("0" if math.floor((b - a) * PHI) == a else "1")
sys.stdout.write("\n".join(out) + "\n")
