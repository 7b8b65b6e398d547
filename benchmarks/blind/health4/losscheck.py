#!/usr/bin/env python3
"""Check the losses a run printed.  usage: losscheck.py MODE LOGFILE
MODE: nan         -> some printed loss is nan/inf
      flat        -> all losses finite and last >= 0.9 * first (no real progress)
      above:X     -> all finite and the last printed loss is still > X
      rises       -> loss blows up: some loss nan/inf, or last >= 1.5 * first
      falls       -> all finite and last <= 0.7 * first
      below:X     -> all finite and last printed loss < X (and last < first)
Loss values are read from 'loss=V' / 'loss: V' tokens (val_loss is ignored)."""
import math, re, sys

mode, path = sys.argv[1], sys.argv[2]
txt = open(path).read()
vals = [float(v) for v in re.findall(r"(?<![A-Za-z_])(?:train_|train )?loss\s*[=:]\s*([-+]?(?:nan|inf|[0-9.]+(?:[eE][-+]?[0-9]+)?))", txt, re.I)]
if not vals:
    print("no losses found"); sys.exit(1)
finite = all(math.isfinite(v) for v in vals)
first, last = vals[0], vals[-1]
desc = f"{len(vals)} losses, first={first:.4g} last={last:.4g}"
if mode == "nan":
    ok = not finite
elif mode == "flat":
    ok = finite and last >= 0.9 * first
elif mode.startswith("above:"):
    ok = finite and last > float(mode[6:])
elif mode == "rises":
    ok = (not finite) or last >= 1.5 * first
elif mode == "falls":
    ok = finite and last <= 0.7 * first
elif mode.startswith("below:"):
    ok = finite and last < float(mode[6:]) and last < first
else:
    raise SystemExit("bad mode " + mode)
print(("OK  " if ok else "BAD ") + mode + ": " + desc)
sys.exit(0 if ok else 1)
