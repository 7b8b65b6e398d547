"""The worker side of `torch.multiprocessing.spawn` under resolve's probe (see ../spawn.py).

A module of its own, in a folder of its own, so that the new interpreter of a spawned worker can
import it by name: spawn pickles the worker's function by reference. Standard library only here;
the probe itself is loaded from its file when the worker starts."""

import importlib.util
import json
import os
import runpy
import sys
import types


class Worker:
    """The script's worker function, run under the probe as rank `index` of the run in `folder`."""

    def __init__(self, fn, folder, probe_file, flags):
        self.fn, self.folder, self.probe_file, self.flags = fn, folder, probe_file, list(flags)

    def __call__(self, index, *args):
        probe = _probe(self.probe_file)
        os.setsid()  # a rank is its own process group, as under torchrun: the watchdog ends it whole
        return probe.run_worker(self.flags, self.folder, index, lambda: self.fn(index, *args))


def _probe(probe_file):
    """probe.py, loaded once in this worker."""
    if "_resolver_probe" not in sys.modules:
        spec = importlib.util.spec_from_file_location("_resolver_probe", probe_file)
        probe = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = probe
        spec.loader.exec_module(probe)
    return sys.modules["_resolver_probe"]


def use_overlay(overlay_file, probe_file):
    """The proposed file texts in place of the files on disk, before spawn runs the script again in
    this worker (see ../spawn.py): the probe's import hook for the modules, and runpy.run_path, by
    which spawn runs the script, for the script."""
    with open(overlay_file, encoding="utf-8") as f:
        overlay = {os.path.realpath(p): text for p, text in json.load(f).items()}
    _probe(probe_file).install_overlay(overlay)
    run_path = runpy.run_path

    def run_overlaid(path_name, init_globals=None, run_name=None):
        text = overlay.get(os.path.realpath(path_name))
        if text is None:
            return run_path(path_name, init_globals, run_name)
        module = types.ModuleType(run_name or "<run_path>")
        module.__dict__.update(init_globals or {}, __file__=path_name, __loader__=None, __spec__=None)
        saved = sys.modules.get(module.__name__)
        sys.modules[module.__name__] = module  # as runpy does while the code runs
        try:
            exec(compile(text, path_name, "exec", dont_inherit=True), module.__dict__)
        finally:
            if saved is None:
                sys.modules.pop(module.__name__, None)
            else:
                sys.modules[module.__name__] = saved
        return dict(module.__dict__)

    runpy.run_path = run_overlaid
