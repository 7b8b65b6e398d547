"""Scripts that start their own workers with `torch.multiprocessing.spawn`: every worker runs its
function under the probe, as a rank of a distributed run (dist.py), with the same smoke-mode cut,
and a watchdog in the script's own process finds a hang in seconds, as for torchrun.

Loaded by probe.py beside it; standard library and torch only. The worker's side is
spawned/_resolver_spawned.py: spawn pickles the function it is given by reference, so the wrapper
must be importable by name in the new interpreter, which starts with the script's sys.path."""

import importlib
import os
import sys

WORKER_FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "spawned")
RUN = {}  # the workers of this run: their folder, which of them failed and how
WATCHDOGS = []


def install(torch, options, dist, probe_file):
    """Wraps torch.multiprocessing's start_processes (what spawn calls) for the spawn and
    forkserver start methods; a forked worker shares this process's hooks already."""
    module = importlib.import_module("torch.multiprocessing.spawn")  # the attribute is the function
    original = module.start_processes

    def start_processes(fn, args=(), nprocs=1, join=True, daemon=False, start_method="spawn"):
        if start_method not in ("spawn", "forkserver"):
            return original(fn, args, nprocs, join, daemon, start_method)
        folder = os.path.join(os.path.dirname(options.out), "ranks")
        os.makedirs(folder, exist_ok=True)
        if WORKER_FOLDER not in sys.path:
            sys.path.append(WORKER_FOLDER)  # last: no module of the script's is shadowed
        import _resolver_spawned
        worker = _resolver_spawned.Worker(fn, folder, probe_file, options.worker_flags)
        watchdog = dist.Watchdog(folder, options.status_fd)
        watchdog.start()
        WATCHDOGS.append(watchdog)
        RUN["folder"] = folder
        RUN.setdefault("failures", {})
        try:
            return original(worker, args, nprocs, join, daemon, start_method)
        except (module.ProcessRaisedException, module.ProcessExitedException) as exc:
            RUN["failures"][str(exc.error_index)] = getattr(exc, "exit_code", 1)
            raise
        finally:
            if join:
                watchdog.stop()

    start_processes.__wrapped__ = original
    module.start_processes = start_processes
    if getattr(torch.multiprocessing, "start_processes", None) is original:
        torch.multiprocessing.start_processes = start_processes


def summary(dist):
    """What the report says of the workers (ranks.py reads their own reports beside it)."""
    if not RUN:
        return None
    hang = next((w.hang for w in WATCHDOGS if w.hang), None)
    return {"failures": RUN["failures"], "hang": hang,
            "aborted": dist.aborted_in_collective(RUN["folder"], RUN["failures"])}
