"""Run a training script and report which parameters of each root nn.Module
changed between the first optimizer step and the end of the run.
usage: python probe.py script.py [args...]   (run from the case folder)"""
import gc, runpy, sys, warnings
warnings.filterwarnings('ignore')
import torch
import torch.nn as nn
from torch.optim.optimizer import register_optimizer_step_pre_hook

_snap = {}
_done = [False]
_mods = []
_inopt = set()


def _params():
    return [o for o in gc.get_objects() if isinstance(o, nn.Parameter)]


def _hook(opt, args, kwargs):
    for g in opt.param_groups:
        _inopt.update(id(p) for p in g['params'])
    if _done[0]:
        return
    _done[0] = True
    for p in _params():
        _snap[id(p)] = p.detach().clone()
    _mods.extend(o for o in gc.get_objects() if isinstance(o, nn.Module))


register_optimizer_step_pre_hook(_hook)
script = sys.argv[1]
sys.argv = sys.argv[1:]
sys.path.insert(0, ".")
rc = 0
try:
    g = runpy.run_path(script, run_name="__main__")
except SystemExit as e:
    rc = e.code or 0
mods = _mods
children = set()
for m in mods:
    for c in m.modules():
        if c is not m:
            children.add(id(c))
for m in mods:
    if id(m) in children:
        continue
    for n, p in m.named_parameters():
        if id(p) in _snap:
            same = torch.equal(_snap[id(p)], p.detach())
            print("PROBE", "UNCHANGED" if same else "CHANGED", f"{type(m).__name__}.{n}", "opt" if id(p) in _inopt else "noopt")
print("PROBE rc", rc)
