"""Run a case script with every DataLoader forced to batch_size=2 (the tool's smoke mode)."""
import runpy
import sys
import os

import torch.utils.data as tud

_orig = tud.DataLoader.__init__


def _init(self, dataset, batch_size=1, *args, **kwargs):
    if kwargs.get("batch_sampler") is None:
        batch_size = 2
    _orig(self, dataset, batch_size, *args, **kwargs)


tud.DataLoader.__init__ = _init
script = sys.argv[1]
sys.argv = sys.argv[1:]
sys.path.insert(0, os.getcwd())
runpy.run_path(script, run_name="__main__")
