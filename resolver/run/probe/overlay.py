"""The proposed file texts in place of the files on disk, for when the sandbox has no overlayfs upper
layer to hold them (the write guard): the script, the modules it imports, and the same again in
every interpreter the run starts with the spawn method (DataLoader workers, torch.multiprocessing).

Loaded by probe.py beside it; standard library only."""

import importlib.machinery
import json
import linecache
import os
import runpy
import sys
import types


def read(overlay_file):
    """The overlay resolve wrote: real path -> proposed text."""
    with open(overlay_file, encoding="utf-8") as f:
        return {os.path.realpath(p): text for p, text in json.load(f).items()}


class OverlayLoader(importlib.machinery.SourceFileLoader):
    """Imports a module from resolver's proposed text instead of the file on disk, so a fix is
    verified before a single byte of the user's file changes."""

    overlay = {}

    def get_code(self, fullname):
        return compile(self.overlay[os.path.realpath(self.path)], self.path, "exec", dont_inherit=True)

    def get_source(self, fullname):
        return self.overlay[os.path.realpath(self.path)]


class OverlayFinder:
    @staticmethod
    def find_spec(name, path=None, target=None):
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is not None and spec.origin and os.path.realpath(spec.origin) in OverlayLoader.overlay:
            spec.loader = OverlayLoader(name, spec.origin)
            return spec
        return None


def install(overlay):
    OverlayLoader.overlay = overlay
    for path, text in overlay.items():
        linecache.cache[path] = (len(text), None, text.splitlines(True), path)
    if overlay:
        sys.meta_path.insert(0, OverlayFinder)


def read_script(path, overlay):
    real = os.path.realpath(path)
    if real in overlay:
        return overlay[real]
    with open(path, "rb") as f:
        return f.read()


def run_code(source, path, name, namespace=None):
    """Runs `source` as the file at `path` in a fresh module, registered in sys.modules as `name`
    while it runs: what `python SCRIPT` does with __main__, and runpy.run_path with its run_name."""
    code = compile(source, path, "exec", dont_inherit=True)
    module = types.ModuleType(name)
    module.__dict__.update(namespace or {})
    module.__dict__.update(__file__=path, __builtins__=__builtins__, __loader__=None, __spec__=None)
    saved = sys.modules.get(name)
    sys.modules[name] = module
    try:
        exec(code, module.__dict__)
    finally:
        if saved is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = saved
    return module


def in_spawned_interpreters(overlay_file, probe_file, worker_folder):
    """A spawned interpreter must import the proposed texts too, the script included, which spawn
    runs again from its path before it unpickles the worker's function. So the data spawn sends
    first (what it prepares the new interpreter with) carries a call that installs them: pickled as
    `exec` of a line of code, it runs in the new interpreter as that data is read, before the
    script is. The line goes through spawned/_resolver_spawned.py, which loads the probe there."""
    import multiprocessing.spawn

    original = multiprocessing.spawn.get_preparation_data
    code = (f"import sys; sys.path.append({worker_folder!r}); import _resolver_spawned; "
            f"_resolver_spawned.use_overlay({overlay_file!r}, {probe_file!r})")

    class InstallOverlay:
        def __reduce__(self):
            return exec, (code, {})

    def get_preparation_data(name):
        return {**original(name), "_resolver_overlay": InstallOverlay()}

    multiprocessing.spawn.get_preparation_data = get_preparation_data


def use_in_spawned(overlay_file):
    """In a spawned interpreter: the import hook for the modules, and runpy.run_path, by which spawn
    runs the script again, for the script."""
    overlay = read(overlay_file)
    install(overlay)
    run_path = runpy.run_path

    def run_overlaid(path_name, init_globals=None, run_name=None):
        if os.path.realpath(path_name) not in overlay:
            return run_path(path_name, init_globals, run_name)
        module = run_code(read_script(path_name, overlay), path_name, run_name or "<run_path>", init_globals)
        return dict(module.__dict__)

    runpy.run_path = run_overlaid
