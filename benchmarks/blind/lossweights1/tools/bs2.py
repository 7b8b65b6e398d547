"""Run a case script with every DataLoader forced to batch_size=2 (smoke mode).
usage: python tools/bs2.py script.py [args...]   (run from inside the case folder)"""
import runpy
import sys

import torch.utils.data as tud

_orig_init = tud.DataLoader.__init__


def _init(self, dataset, *args, **kwargs):
    if args:
        args = (2,) + tuple(args[1:])
    else:
        kwargs["batch_size"] = 2
    kwargs.pop("batch_sampler", None)
    _orig_init(self, dataset, *args, **kwargs)


tud.DataLoader.__init__ = _init
script = sys.argv[1]
sys.argv = sys.argv[1:]
sys.path.insert(0, ".")
runpy.run_path(script, run_name="__main__")
