"""Runs the user's script inside the user's own interpreter and reports what happened.

This file is executed by path (`python probe.py ...`), never imported by resolver, and may
import nothing but the standard library and torch: the interpreter it runs in belongs to the
user and may not have resolver installed.

    probe.py --out FILE --project DIR [--batch-size N] [--batches K] [--forecast-share S] [--full]
             [--anomaly] [--no-health] [--trace-non-finite] [--trace-graph-cut] [--memory-limit BYTES]
             [--memory-cgroup DIR]
             [--sandbox FILE] [--overlay FILE] [--status-fd FD]
             -- (SCRIPT | -m MODULE) [ARGS...]

--sandbox names resolve's JSON description of the run's sandbox (isolate.py enters it before
torch is imported); --overlay the proposed file texts to import instead of the files on disk,
for when the sandbox has no overlayfs upper layer to hold them.
--status-fd: a pipe for the counters as they change (resolve's live status line).
--memory-limit: RLIMIT_AS for the script, set just before it runs; --memory-cgroup: a cgroup
resolve made (its limit set), which this process joins first. Either limit (or one the run already
has) makes smoke mode draw two batch sizes, for the memory forecast (memory.py): 1/S and 2/S of the
user's batch (--forecast-share, 16 unless a run died at those).

It writes one JSON object to --out: the outcome ("ok", "exception", "exit"), training
statistics, and for an exception the frames and runtime facts (which nn.Module failed, where it
was constructed, the tensors it was given).
"""

import importlib.util
import json
import os
import runpy
import sys
import time
import traceback

PROBE_FILE = os.path.abspath(__file__)
NO_SANDBOX = 98  # the kernel refused the overlay: resolve runs this again under the guard

FLAGS = ("--full", "--anomaly", "--no-health", "--trace-non-finite", "--trace-graph-cut")  # on/off, no value


class Options:
    def __init__(self, argv):
        self.out = None
        self.project = os.getcwd()
        self.batch_size = 2
        self.batches = 3
        self.forecast_share = 16  # the memory forecast's draws: 1/share and 2/share of the user's batch
        self.forecast_accumulation = 1  # micro-batches per optimizer step: the draws of each size fill whole steps
        self.full = False
        self.anomaly = False
        self.health = True  # --no-health: no training-health checks
        self.trace_non_finite = False  # check each op's output for the first nan or inf
        self.trace_graph_cut = False  # record each op that takes a value off the autograd graph
        self.overlay = {}
        self.overlay_file = None  # where the overlay came from: spawned workers read it too
        self.sandbox = None
        self.status_fd = None
        self.memory_limit = None  # bytes of address space (RLIMIT_AS)
        self.memory_cgroup = None
        self.module = None
        self.script = None
        self.args = []
        self.launcher = None  # torchrun's options: this process is the launcher of the ranks
        self.worker = None  # the run's folder: this process is one rank of a distributed run
        self.worker_flags = []  # what every rank's probe is given
        i = 0
        while argv[i] != "--":
            flag = argv[i]
            if flag in FLAGS:
                setattr(self, flag[2:].replace("no-", "").replace("-", "_"), flag != "--no-health")
                i += 1
                continue
            value = argv[i + 1]
            if flag not in ("--out", "--launcher", "--status-fd", "--sandbox"):
                self.worker_flags += [flag, value]
            if flag == "--out":
                self.out = value
            elif flag == "--project":
                self.project = os.path.realpath(value)
            elif flag == "--batch-size":
                self.batch_size = int(value)
            elif flag == "--batches":
                self.batches = int(value)
            elif flag == "--forecast-share":
                self.forecast_share = int(value)
            elif flag == "--forecast-accumulation":
                self.forecast_accumulation = int(value)
            elif flag == "--status-fd":
                self.status_fd = int(value)
            elif flag == "--memory-limit":
                self.memory_limit = int(value)
            elif flag == "--memory-cgroup":
                self.memory_cgroup = value
            elif flag == "--overlay":
                self.overlay_file, self.overlay = value, OVERLAY.read(value)
            elif flag == "--sandbox":
                with open(value, encoding="utf-8") as f:
                    self.sandbox = json.load(f)
                if self.sandbox["mode"] != "overlay":  # a write guard is per process; an overlay is inherited
                    self.worker_flags += [flag, value]
            elif flag == "--launcher":
                self.launcher = json.loads(value)
            elif flag == "--worker":
                self.worker = value
            i += 2
        self.worker_flags += [f for f in FLAGS if f in argv[:i]]
        rest = argv[i + 1:]
        if rest[0] == "-m":
            self.module, self.args = rest[1], rest[2:]
        else:
            self.script, self.args = rest[0], rest[1:]


BESIDE = {}  # filename -> the module loaded from it


def load_beside(filename):
    """A module beside this file (schema.py, facts.py, ...), under a name no user module has, loaded
    once: a sibling that uses another (loaders.py uses facts.py) finds it in sys.modules while the
    probe starts; hide_beside() takes them out of it before the user's script runs."""
    if filename not in BESIDE:
        name = "_resolver_" + filename[:-3]
        spec = importlib.util.spec_from_file_location(name, os.path.join(os.path.dirname(PROBE_FILE), filename))
        module = BESIDE[filename] = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return BESIDE[filename]


def hide_beside():
    """The script sees no module of the probe's in sys.modules, as in a plain run; they can still be
    imported by name (torch.compile's tracer imports the module of each hook it inlines, and the
    health checks' hooks live in _resolver_health)."""
    for filename in BESIDE:
        sys.modules.pop("_resolver_" + filename[:-3], None)
    sys.meta_path.append(HiddenBeside)


class HiddenBeside:
    """Finds a hidden sibling again by its name: the module already loaded, never a second copy."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        module = next((m for f, m in BESIDE.items() if name == "_resolver_" + f[:-3]), None)
        return importlib.util.spec_from_loader(name, HiddenBeside.Loaded(module)) if module else None

    class Loaded:
        def __init__(self, module):
            self.module = module

        def create_module(self, spec):
            return self.module

        def exec_module(self, module):
            pass


SCHEMA = load_beside("schema.py")  # what the report holds, shared with resolve
FACTS = load_beside("facts.py")  # the runtime facts of a crash
SMOKE = load_beside("smoke.py")  # every DataLoader cut to a few batches
LOADERS = load_beside("loaders.py")  # where each loader was built, what its samples hold
HEALTH = load_beside("health.py")  # how the run trains
CRASHED = load_beside("crashed.py")  # what a crashed run tells of how it trained
DIST = load_beside("dist.py")  # torchrun's launcher and ranks under the probe
MEMORY = load_beside("memory.py")  # the limits and each step's peak
SPAWN = load_beside("spawn.py")  # workers the script starts with torch.multiprocessing.spawn, as ranks
CAUGHT = load_beside("caught.py")  # the crash behind an error the script caught and exited or raised on
OVERLAY = load_beside("overlay.py")  # the proposed file texts, where no overlayfs layer holds them
failed = FACTS.failed


# --- running the target ---------------------------------------------------------------------

def run_script(path, args, overlay):
    """What `python SCRIPT ARGS` does: the script as __main__, its folder first on sys.path."""
    sys.argv = [path, *args]
    sys.path[0] = os.path.dirname(os.path.abspath(path))
    OVERLAY.run_code(OVERLAY.read_script(path, overlay), path, "__main__")


def run_module(name, args):
    sys.argv = [name, *args]
    sys.path[0] = os.getcwd()
    runpy.run_module(name, run_name="__main__", alter_sys=True)


def print_user_traceback(exc):
    """The traceback Python would print, without the probe's own frames."""
    tb = exc.__traceback__
    while tb is not None and (
        FACTS.is_probe_file(tb.tb_frame.f_code.co_filename)
        or tb.tb_frame.f_code.co_filename.startswith("<frozen runpy")
        or tb.tb_frame.f_code.co_filename == runpy.__file__
    ):
        tb = tb.tb_next
    traceback.print_exception(type(exc), exc, tb)


def write(out, report):
    report["ended_at"] = time.time()  # a distributed run's first failing rank is the first to end
    if FACTS.PROBE_ERRORS:
        report["probe_error"] = "; ".join(FACTS.PROBE_ERRORS)
    spawned = SPAWN.summary(DIST)
    if spawned is not None:  # the script's own process, with its workers' reports beside this one
        report["spawned"] = spawned
    with open(out, "w", encoding="utf-8") as f:
        json.dump({SCHEMA.VERSION_KEY: SCHEMA.VERSION, **report}, f, default=str)


def enter_sandbox(spec):
    """Enter the sandbox resolve prepared, while this process is still single-threaded.
    Returns the write guard, if that is the sandbox."""
    isolate = load_beside("isolate.py")
    if spec["mode"] == "overlay":
        isolate.enter_user_namespace()
        isolate.mount_overlays(spec["layers"])
        return None
    guard = isolate.WriteGuard(spec["roots"], spec["scratch"])
    guard.install()
    sys.dont_write_bytecode = True  # the import system writes bytecode past the guard
    return guard


def install(torch, options):
    """Every hook the probe puts into torch, in one place, before the script runs; returns what
    they record: (construction sites, loaders, training counters, training health or None,
    lowered batch sizes)."""
    sites = FACTS.ConstructionSites(torch, options.project)
    FACTS.track_loaded_weights(torch)
    FACTS.track_wrapped_state_dicts(torch, options.project)
    lowered = []
    limited = forecasting(torch, options)
    if not options.full:
        SMOKE.install_smoke_mode(torch, options.batch_size, options.batches, lowered,
                                 forecast_share=options.forecast_share if limited else 0,
                                 accumulation=options.forecast_accumulation)
    loaders = LOADERS.Loaders(torch, options.project)
    counters = HEALTH.TrainingCounters(torch, loaders, options.status_fd)
    health = HEALTH.Health(torch, options.project, sites) if options.health else None
    if health is not None:
        LOADERS.track_sampler_epochs(torch, options.project)
        health.rates = load_beside("lr.py").LearningRates(options.project, counters)  # after health.py, which they use
        load_beside("leaf.py").install(torch, options.project, health.leaf_loss)
        load_beside("gathered.py").install(torch, options.project, health)  # where an optimizer's parameters came from
        load_beside("clips.py").install(torch, health)  # clipping's writes into the gradients are not a reset
        load_beside("stall.py").install(torch, health, loaders)  # training that stopped in eval mode
        load_beside("loose.py").install(torch, health)  # the values of trainable tensors nothing registers
        load_beside("given.py").install(torch, health)  # the parts a model was given already made (frozen on purpose)
    if health is not None and options.trace_non_finite:
        load_beside("nonfinite.py").install(torch, options.project, health.origin)
    if health is not None and options.trace_graph_cut:
        load_beside("cuts.py").install(torch, options.project, health)
        load_beside("reads.py").install(torch, health)  # the layers whose outputs nothing reads
    if options.anomaly:
        torch.autograd.set_detect_anomaly(True)  # prints the forward call behind a backward error
    if options.worker is not None:
        options.rank.install(torch, options.project, not options.full)
    elif options.launcher is None:
        SPAWN.install(torch, options, DIST, PROBE_FILE)
    return sites, loaders, counters, health, lowered


def launch(options):
    """The launcher of a distributed run: torchrun, in this process, with this probe as every rank."""
    folder = os.path.join(os.path.dirname(options.out), "ranks")
    command = ["-m", options.module] if options.module else [options.script]
    worker = [PROBE_FILE, "--worker", folder, *options.worker_flags, "--", *command, *options.args]
    return DIST.launch(options.launcher, worker, folder, options.out, write, options.status_fd)
def forecasting(torch, options):
    """Whether the run forecasts its memory at the user's batch size: when it has a limit (its own,
    or a cgroup's, or a GPU) and runs in smoke mode."""
    return not options.full and bool(options.memory_limit or options.memory_cgroup
                                     or set(MEMORY.limits(torch)) - {"ram"})


def measured(report, meter):
    """The report with the run's memory figures (never at the cost of the user's error)."""
    try:
        report["memory"] = meter.as_dict()
    except Exception as probe_error:
        failed("measuring memory", probe_error)
    return report


def main(argv):
    options = Options(argv)
    if options.worker is not None:
        options.rank = DIST.Rank(options.worker)
        options.out, options.status_fd = options.rank.out(), options.rank.status_fd
    # Output reaches resolve as it is printed, as it would reach a terminal: line by line.
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(line_buffering=True)
        except (AttributeError, ValueError):
            pass
    guard = None
    if options.memory_cgroup:  # first: inside the sandbox's user namespace it is not ours to join
        MEMORY.join_cgroup(options.memory_cgroup)
    if options.sandbox and options.sandbox["mode"] == "overlay":
        try:
            enter_sandbox(options.sandbox)
        except Exception as exc:  # SandboxUnavailable, or a libc ctypes cannot use
            write(options.out, {"outcome": "no_sandbox", "message": str(exc)})
            return NO_SANDBOX
    elif options.sandbox and options.sandbox["mode"] == "guard" and options.launcher is None:
        guard = enter_sandbox(options.sandbox)
    if options.launcher is not None:
        return launch(options)
    OVERLAY.install(options.overlay)
    if options.overlay_file:
        OVERLAY.in_spawned_interpreters(options.overlay_file, PROBE_FILE, SPAWN.WORKER_FOLDER)
    try:
        import torch
        import torch.utils.data
    except ImportError as exc:
        write(options.out, {"outcome": "no_torch", "message": str(exc)})
        sys.stderr.write(f"probe: cannot import torch: {exc}\n")
        return 97
    if guard is not None:
        guard.install_torch(torch)
    if options.module:
        return probed(torch, options, lambda: run_module(options.module, options.args))
    return probed(torch, options, lambda: run_script(options.script, options.args, options.overlay))


def run_worker(flags, folder, index, target, parent):
    """A worker of torch.multiprocessing.spawn (spawned/_resolver_spawned.py): `target` runs as
    rank `index` of the run in `folder`, under the probe the script's process (`parent`) was given."""
    options = Options([*flags, "--worker", folder, "--", "<spawned worker>"])
    options.rank = DIST.Rank(folder, rank=index, parent=parent)
    options.out, options.status_fd = options.rank.out(), options.rank.status_fd
    guard = enter_sandbox(options.sandbox) if options.sandbox and options.sandbox["mode"] == "guard" else None
    import torch
    if guard is not None:
        guard.install_torch(torch)
    return probed(torch, options, target, worker=True)


def awaited_peers(options):
    if getattr(options, "rank", None) is not None:  # a distributed rank that failed
        options.rank.await_peers()


def described_error(torch, options, report, exc, counters, loaders, sites):
    """The report of a run that ended with `exc`: its type, message and the facts rules need."""
    MEMORY.lift_limit()  # the facts of an out-of-memory error need memory too
    report["outcome"] = "exception"
    report["error_type"] = type(exc).__name__
    report["message"] = str(exc)
    report["counters"] = counters.as_dict()
    try:
        report["frames"] = FACTS.frame_facts(exc.__traceback__, torch, options.project, isinstance(exc, IndexError),
                                             MEMORY.out_of_memory(exc), "required positional argument: 'metrics'"
                                             in str(exc))  # a plateau scheduler's step: the numbers at hand
        report["modules"] = FACTS.failing_modules(exc.__traceback__, torch, sites)
        report["loaders"] = loaders.as_dict()
        drawing = (loaders.failed and loaders.failed()) or (loaders.last and loaders.last())
        if "out of bounds" in str(exc) or "n_classes" in str(exc) or "index out of range in self" in str(exc):
            ranges, sizes, byte_levels, values = LOADERS.sample_ranges(drawing, torch)
            report["loaders"].update(sample_ranges=ranges, sample_sizes=sizes)
            if byte_levels:
                report["loaders"]["byte_levels"] = byte_levels
            if values:
                report["loaders"]["sample_values"] = values
        if "finished reduction in the prior iteration" in str(exc):
            report["unused_parameters"] = DIST.unused_parameters(str(exc), exc.__traceback__, torch)
        if "state_dict" in str(exc) and FACTS.WRAPPED_STATE_DICTS:
            report["wrapped_state_dicts"] = FACTS.WRAPPED_STATE_DICTS
        listed = ("'list' object", "not list", "but got list", "got (list")
        if drawing is not None and any(m in str(exc) for m in listed):
            report["loaders"]["sample_kinds"] = LOADERS.sample_kinds(drawing)
        if "NoneType" in str(exc) and drawing is not None:
            report["loaders"]["none_samples"] = LOADERS.none_samples(drawing)
        if "stack expects each tensor to be equal size" in str(exc):
            report["loaders"]["ragged"] = LOADERS.ragged_positions(drawing, torch)
    except Exception as probe_error:  # the user's error matters more than ours
        failed("gathering the error's facts", probe_error)


def probed(torch, options, target, worker=False):
    """Runs `target` (the script; in a worker of torch.multiprocessing.spawn, the worker's
    function) with every hook in place, and writes the report. A worker's error is raised again
    after its report is written: spawn hands it to the script as it would without the probe."""
    sites, loaders, counters, health, lowered = install(torch, options)
    meter = MEMORY.Meter(torch, forecast=forecasting(torch, options))
    hide_beside()
    if options.memory_limit:  # last: the probe's own set-up is not the script's to pay for
        MEMORY.apply_limit(options.memory_limit)
    report = {"outcome": "ok", "versions": {"python": sys.version.split()[0], "torch": torch.__version__},
              "lowered_batch_sizes": lowered}
    clean_exit = None

    def in_project(filename):
        return FACTS.is_user_file(filename, options.project)
    try:
        result = target()
    except SystemExit as exc:
        if exc.code in (None, 0):  # `sys.exit(main())`: a normal end, whose health is checked like any other
            clean_exit, result = exc, None
        else:
            code = exc.code if isinstance(exc.code, int) else 1
            caught = CAUGHT.caught_error(exc, in_project)
            if caught is not None:  # `except Exception as e: print(e); sys.exit(1)`: the caught error is the crash
                described_error(torch, options, report, caught, counters, loaders, sites)
                report["exited"] = code
            else:
                report.update(outcome="exit", code=code, counters=counters.as_dict())
            write(options.out, measured(report, meter))
            awaited_peers(options)
            if caught is not None:
                print_user_traceback(caught)
            raise
    except BaseException as exc:
        described_error(torch, options, report, CAUGHT.caught_error(exc, in_project) or exc, counters, loaders, sites)
        if health is not None and (facts := CRASHED.crash_facts(health)):
            report["health"] = facts
        write(options.out, measured(report, meter))
        awaited_peers(options)
        if worker:
            raise
        print_user_traceback(exc)
        return 130 if isinstance(exc, KeyboardInterrupt) else 1
    report["counters"] = counters.as_dict()
    if LOADERS.SHARDS:  # a distributed rank: what a full pass gives it (ranks.py compares them)
        report["shards"] = {"batches": LOADERS.SHARDS, "joined": bool(getattr(options, "rank", None)
                                                                        and options.rank.joined)}
    if health is not None:
        try:
            report["health"] = health.as_dict()
            if LOADERS.SAMPLER_PASSES:
                report["health"]["samplers"] = LOADERS.sampler_epochs()
            loose = load_beside("loose.py").loose_tensors(torch, health)  # trainable tensors nothing registers
            if loose:
                report["health"]["loose_tensors"] = loose
        except Exception as probe_error:
            failed("summing up the training's health", probe_error)
    write(options.out, measured(report, meter))
    if clean_exit is not None and worker:
        raise clean_exit
    return result if worker else 0

if __name__ == "__main__":
    code = main(sys.argv[1:])
    sys.stdout.flush()
    sys.stderr.flush()
    sys.exit(code)
