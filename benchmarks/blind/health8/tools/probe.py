"""Run a training script and report which parameters never changed.

usage: python tools/probe.py SCRIPT [ARGS...]   (run from inside the case folder)

A global forward pre-hook snapshots the direct parameters of every module the
first time it is called; at exit the snapshots are compared with the current
values. Prints one line:  PROBE unchanged=K total=M [names...]
With PROBE_BS2=1 every DataLoader is forced to batch_size=2.
"""
import os
import runpy
import sys

import torch
import torch.nn as nn

_snap = {}


def _pre_hook(module, args):
    key = id(module)
    if key in _snap:
        return
    params = list(module.named_parameters(recurse=False))
    _snap[key] = (module, [(n, p, p.detach().clone()) for n, p in params])


def _report():
    unchanged, total = [], 0
    for module, plist in _snap.values():
        for name, p, old in plist:
            total += 1
            if p.shape == old.shape and torch.equal(p.detach(), old):
                unchanged.append(f"{type(module).__name__}.{name}{tuple(p.shape)}")
    print(f"PROBE unchanged={len(unchanged)} total={total} " + " ".join(unchanged), flush=True)


def main():
    script = sys.argv[1]
    sys.argv = sys.argv[1:]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    if os.environ.get("PROBE_BS2") == "1":
        from torch.utils.data import DataLoader
        orig = DataLoader.__init__

        def init(self, dataset, batch_size=1, *a, **kw):
            if kw.get("batch_sampler") is None:
                batch_size = 2
            return orig(self, dataset, batch_size, *a, **kw)

        DataLoader.__init__ = init
    handle = nn.modules.module.register_module_forward_pre_hook(_pre_hook)
    code = 0
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    handle.remove()
    _report()
    sys.exit(code)


if __name__ == "__main__":
    main()
