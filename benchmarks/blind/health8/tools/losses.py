"""Parse per-epoch losses from a training log and check a condition.

usage: python tools/losses.py LOG MODE
MODE: nan      -> some epoch loss is nan/inf
      falls    -> all epoch losses finite and the last < the first
      finite   -> all epoch losses finite
      rises    -> the last epoch loss is nan/inf or > the first
      flat     -> all epoch losses finite and equal to 4 decimals
"""
import math
import re
import sys

pat = re.compile(r"loss[\s=:]+(-?(?:nan|inf|[0-9.]+(?:e[-+]?[0-9]+)?))", re.I)
losses = []
for line in open(sys.argv[1]):
    if "epoch" in line.lower():
        m = pat.search(line)
        if m:
            losses.append(float(m.group(1)))
mode = sys.argv[2]
fin = [math.isfinite(x) for x in losses]
ok = False
if len(losses) >= 2:
    if mode == "nan":
        ok = not all(fin)
    elif mode == "falls":
        ok = all(fin) and losses[-1] < losses[0]
    elif mode == "finite":
        ok = all(fin)
    elif mode == "rises":
        ok = (not fin[-1]) or losses[-1] > losses[0]
    elif mode == "flat":
        ok = all(fin) and len({round(x, 4) for x in losses}) == 1
print(f"losses={losses} mode={mode} ok={ok}")
sys.exit(0 if ok else 1)
