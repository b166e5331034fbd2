"""A wrong solution to `nim`: always says the first player loses."""
import sys

cases = int(sys.stdin.readline())
print("\n".join(["second"] * cases))
