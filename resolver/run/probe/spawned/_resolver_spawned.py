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

    def __call__(self, index, *args):
        spec = importlib.util.spec_from_file_location("_resolver_probe", self.probe_file)
        probe = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = probe
        spec.loader.exec_module(probe)
        os.setsid()  # a rank is its own process group, as under torchrun: the watchdog ends it whole
        return probe.run_worker(self.flags, self.folder, index, lambda: self.fn(index, *args))
