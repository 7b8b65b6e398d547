"""The worker side of `torch.multiprocessing.spawn` under resolve's probe (see ../spawn.py).

A module of its own, in a folder of its own, so that the new interpreter of a spawned worker can
import it by name: spawn pickles the worker's function by reference. Standard library only here;
the probe itself is loaded from its file when the worker starts."""

import importlib.util
import os
import sys


class Worker:
    """The script's worker function, run under the probe as rank `index` of the run in `folder`."""

    def __init__(self, fn, folder, probe_file, flags):
        self.fn, self.folder, self.probe_file, self.flags = fn, folder, probe_file, list(flags)
        self.parent = os.getpid()  # made in the script's process: the parent of every worker

    def __call__(self, index, *args):
        probe = _probe(self.probe_file)
        os.setsid()  # a rank is its own process group, as under torchrun: the watchdog ends it whole
        return probe.run_worker(self.flags, self.folder, index, lambda: self.fn(index, *args), self.parent)


def _probe(probe_file):
    """probe.py, loaded once in this worker."""
    if "_resolver_probe" not in sys.modules:
        spec = importlib.util.spec_from_file_location("_resolver_probe", probe_file)
        probe = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = probe
        spec.loader.exec_module(probe)
    return sys.modules["_resolver_probe"]


def use_overlay(overlay_file, probe_file):
    """The proposed file texts in place of the files on disk under the write guard, installed as spawn
    prepares this interpreter (the probe's overlay.py sends this call)."""
    _probe(probe_file).OVERLAY.use_in_spawned(overlay_file)
