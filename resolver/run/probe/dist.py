"""Distributed runs (`resolve torchrun ...`): the launcher side and the rank side of the probe.

Loaded by probe.py beside it; standard library and torch only. After DDP's unused-parameter error it
also names the parts of the model that got no gradient (`unused_parameters`).

The launcher is probe.py run with `--launcher ARGS`: it enters the sandbox (every rank inherits
it), then runs torchrun's own `main` in this process with probe.py as every rank's program, so each
rank runs the script under the probe with the same smoke-mode cut. A watchdog thread reads what
each rank writes to the run's folder (counters, the collective it is in, its pid) and, when no
rank makes progress, has every rank dump its stacks (faulthandler) and ends the run: a hang is
found in seconds, not at the timeout.

A rank is probe.py run with `--worker FOLDER`: it dies with its parent (PR_SET_PDEATHSIG: a
`kill -9` of resolve takes the launcher, and the launcher every rank), writes its report to
FOLDER/rank<RANK>.json and dumps its stacks to FOLDER/rank<RANK>.stacks on SIGUSR1.
"""

import ctypes
import datetime
import faulthandler
import importlib
import json
import os
import select
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
HANG_IN_COLLECTIVE = 5.0  # seconds with a rank in a collective and no rank moving: a hang
HANG_SILENT = 20.0  # seconds with no rank moving at all, after the process group was made
CPU_WINDOW = 1.0  # seconds over which a rank's CPU time is measured
BUSY_CPU = 0.2  # CPU seconds a rank must spend in that window to count as working
COLLECTIVE_TIMEOUT = 60.0  # smoke mode's gloo/nccl timeout: the backstop behind the watchdog
LAUNCHER_PID = "RESOLVER_LAUNCHER_PID"
PEER_REPORT_WAIT = 3.0  # seconds a failing rank gives its peers to write their reports before it exits
COLLECTIVES = ("barrier", "monitored_barrier", "all_reduce", "broadcast", "all_gather", "all_gather_object",
               "all_gather_into_tensor", "gather", "gather_object", "scatter", "scatter_object_list", "reduce",
               "reduce_scatter", "reduce_scatter_tensor", "all_to_all", "all_to_all_single",
               "broadcast_object_list", "send", "recv")
# torchrun options that take no value; every other option takes one
LAUNCHER_FLAGS = {"--standalone", "--module", "-m", "--no-python", "--no_python", "--run-path", "--run_path",
                  "--virtual-local-rank", "--virtual_local_rank", "--use-env", "--use_env"}
RENDEZVOUS = ("--standalone", "--master-port", "--master_port", "--rdzv-endpoint", "--rdzv_endpoint",
              "--rdzv-backend", "--rdzv_backend", "--nnodes")


def die_with_parent(parent=None):
    """SIGKILL when the parent process ends, so that nothing outlives a killed resolve. `parent` is
    the pid that started this process, where known: a parent that ended while this process was
    still starting (importing torch takes seconds on a loaded machine) has left it to init."""
    parent = os.getppid() if parent is None else parent
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # it ended before the call
        os._exit(1)


def rank_file(folder, rank, suffix):
    return os.path.join(folder, f"rank{rank}.{suffix}")


# --- the launcher -----------------------------------------------------------------------------

def launcher_argv(launcher, worker_args):
    """torchrun's argv: the user's options, restarts off (a restart would run the ranks again and
    hide the first failure), a free rendezvous port when none is named, and probe.py as the
    program of every rank."""
    options = [a for i, a in enumerate(launcher) if not _is_restarts(launcher, i)]
    if not any(a.split("=", 1)[0] in RENDEZVOUS for a in options):
        options.append("--standalone")  # one node: torchrun picks a free port for the rendezvous
    return [*options, "--max-restarts=0", *worker_args]


def _is_restarts(args, i):
    name = args[i].split("=", 1)[0]
    if name in ("--max-restarts", "--max_restarts"):
        return True
    return i > 0 and args[i - 1] in ("--max-restarts", "--max_restarts")


def launch(launcher, worker_args, folder, out, write, status_fd=None):
    """Run torchrun (`launcher`: its module, then its options) in this process; write the
    launcher's report to `out`. Returns the exit code."""
    module, launcher = launcher[0], launcher[1:]
    die_with_parent()
    os.environ[LAUNCHER_PID] = str(os.getpid())  # the parent every rank must still have when it starts
    os.makedirs(folder, exist_ok=True)
    watchdog = Watchdog(folder, status_fd)
    watchdog.start()
    sys.argv = ["torchrun", *launcher_argv(launcher, worker_args)]
    report = {"outcome": "launched", "failures": {}, "hang": None}
    code = 0
    try:
        importlib.import_module(module).main(sys.argv[1:])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException as exc:  # ChildFailedError: the ranks that failed, and how
        code = 1
        failures = getattr(exc, "failures", None) or {}
        report["failures"] = {str(rank): failure.exitcode for rank, failure in failures.items()}
        if not failures:
            report["launcher_error"] = f"{type(exc).__name__}: {exc}"
    watchdog.stop()
    report["hang"] = watchdog.hang
    report["aborted"] = aborted_in_collective(folder, report["failures"])
    write(out, report)
    return code


class Watchdog(threading.Thread):
    """Ends a run in which no rank makes progress: no counter moves, no rank spends CPU, and one
    rank waits in a collective (or, after the process group was made, none moves for longer)."""

    def __init__(self, folder, status_fd=None):
        super().__init__(daemon=True, name="resolve-watchdog")
        self.folder, self.hang, self.done = folder, None, threading.Event()
        self.resolve = select.poll() if status_fd is not None else None  # its pipe breaks when resolve dies
        if self.resolve is not None:
            self.resolve.register(status_fd, select.POLLERR)
        self.status_fd = status_fd
        self.sizes, self.cpu, self.last_change = {}, {}, time.monotonic()

    def stop(self):
        self.done.set()
        self.join(timeout=5)

    def run(self):
        while not self.done.wait(0.25):
            ranks, now, moved = self._ranks(), time.monotonic(), False
            if self.resolve is not None and self.resolve.poll(0):  # resolve is gone: so is the run
                for pid in ranks.values():
                    _signal(pid, signal.SIGKILL, group=True)
                os._exit(1)
            for rank, pid in ranks.items():
                size = _size(rank_file(self.folder, rank, "status"))
                history = self.cpu.setdefault(rank, [])
                history.append((now, _cpu_seconds(pid) or 0.0))
                while now - history[0][0] > CPU_WINDOW:
                    history.pop(0)
                if size != self.sizes.get(rank) or history[-1][1] - history[0][1] >= BUSY_CPU:
                    moved, self.sizes[rank] = True, size
                    if rank == 0:
                        self._forward_counters()
            if moved or not ranks:
                self.last_change = now
                continue
            states = {rank: _state(rank_file(self.folder, rank, "status")) for rank in ranks}
            silent = now - self.last_change
            if any(s.get("collective") for s in states.values()) and silent >= HANG_IN_COLLECTIVE or \
                    any(s.get("initialized") for s in states.values()) and silent >= HANG_SILENT:
                self._end(ranks, states, silent)
                return

    def _forward_counters(self):
        """Rank 0's counters on resolve's status pipe: the live status line shows the run's progress."""
        if self.status_fd is None:
            return
        lines = [line for line in _read(rank_file(self.folder, 0, "status")).splitlines() if '"batches"' in line]
        if lines:
            try:
                os.write(self.status_fd, (lines[-1] + "\n").encode())
            except OSError:
                pass

    def _ranks(self):
        ranks = {}
        for name in os.listdir(self.folder):
            if name.startswith("rank") and name.endswith(".pid"):
                try:
                    with open(os.path.join(self.folder, name), encoding="utf-8") as f:
                        pid = int(f.read().strip())
                except (OSError, ValueError):
                    continue
                if _alive(pid):
                    ranks[int(name[4:-4])] = pid
        return ranks

    def _end(self, ranks, states, silent):
        """Every rank's stacks, then every rank killed: torchrun sees them fail and returns."""
        for pid in ranks.values():
            _signal(pid, signal.SIGUSR1)
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and not all(_size(rank_file(self.folder, r, "stacks")) > 0 for r in ranks):
            time.sleep(0.1)
        time.sleep(0.3)  # faulthandler writes thread by thread
        stacks = {rank: _read(rank_file(self.folder, rank, "stacks")) for rank in ranks}
        self.hang = {"seconds": round(silent, 1), "ranks": {
            str(rank): {"collective": states[rank].get("collective"), "at": states[rank].get("at"),
                        "stacks": stacks.get(rank, "")} for rank in ranks}}
        for pid in ranks.values():
            _signal(pid, signal.SIGKILL, group=True)


def aborted_in_collective(folder, failures):
    """The ranks aborted while in a collective, with where they were: a mismatch of collectives
    that gloo ended (an uncaught C++ exception: SIGABRT) before the watchdog saw a hang."""
    aborted = {}
    for rank, code in failures.items():
        state = _state(rank_file(folder, rank, "status"))
        if code == -signal.SIGABRT and state.get("collective"):  # not a SIGKILL: that is memory, or us
            aborted[rank] = {"collective": state["collective"], "at": state.get("at"),
                             "stacks": _read(rank_file(folder, rank, "stacks"))}
    return aborted


def _signal(pid, number, group=False):
    try:
        os.killpg(pid, number) if group else os.kill(pid, number)
    except (ProcessLookupError, PermissionError):
        pass


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return False


def _cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def _size(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return -1


def _read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def _state(path):
    """What a rank's status lines say now: the collective it is in (and where), whether it made
    its process group."""
    state = {}
    for line in _read(path).splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if "collective" in entry:
            state["collective"], state["at"] = entry["collective"], entry.get("at")
        if entry.get("initialized"):
            state["initialized"] = True
    return state


# --- a rank -----------------------------------------------------------------------------------

class Rank:
    """What a rank's probe sets up before the script runs."""

    def __init__(self, folder, rank=None, parent=None):
        if parent is None and os.environ.get(LAUNCHER_PID, "").isdigit():
            parent = int(os.environ[LAUNCHER_PID])
        die_with_parent(parent)
        self.folder, self.joined = folder, False
        self.rank = int(os.environ.get("RANK", "0")) if rank is None else rank
        with open(rank_file(folder, self.rank, "pid"), "w", encoding="utf-8") as f:
            f.write(str(os.getpid()))
        self.stacks = open(rank_file(folder, self.rank, "stacks"), "w", encoding="utf-8")
        faulthandler.register(signal.SIGUSR1, file=self.stacks, all_threads=True)
        # and on a fatal signal: gloo aborts a rank whose collective does not match its peer's
        # (SIGABRT, no Python traceback), and these stacks say where that rank was
        faulthandler.enable(file=self.stacks, all_threads=True)
        self.status_fd = os.open(rank_file(folder, self.rank, "status"), os.O_WRONLY | os.O_CREAT | os.O_APPEND)

    def out(self):
        return rank_file(self.folder, self.rank, "json")

    def note(self, entry):
        try:
            os.write(self.status_fd, (json.dumps(entry) + "\n").encode())
        except OSError:
            pass

    def await_peers(self):
        """Before a failing rank exits, and torchrun tears the others down: a moment for the peers
        that meet the same error to write their own reports. Without it, on a loaded machine, the
        report says one rank failed and the others were stopped, when every rank failed on its own.
        A peer stuck in a collective never writes: the wait is bounded."""
        world = int(os.environ.get("WORLD_SIZE", "1") or 1)
        peers = [rank_file(self.folder, r, "json") for r in range(world) if r != self.rank]
        deadline = time.monotonic() + PEER_REPORT_WAIT
        while True:
            peers = [p for p in peers if not _read(p).rstrip().endswith("}")]  # a report is one JSON object
            if not peers or time.monotonic() > deadline:
                return
            time.sleep(0.02)

    def install(self, torch, project, smoke):
        """Mark each collective the script calls (the watchdog's evidence of a wait) and, in smoke
        mode, cap the collective timeout the script sets."""
        dist = torch.distributed
        for name in COLLECTIVES:
            original = getattr(dist, name, None)
            if original is not None:
                setattr(dist, name, self._marked(name, original, project))
        init = dist.init_process_group

        def init_process_group(*args, **kwargs):
            if smoke:
                cap = datetime.timedelta(seconds=COLLECTIVE_TIMEOUT)
                kwargs["timeout"] = min(kwargs.get("timeout") or cap, cap)
            result = init(*args, **kwargs)
            self.note({"initialized": True})
            return result
        init_process_group.__wrapped__ = init
        dist.init_process_group = init_process_group
        self._mark_join(torch)

    def _mark_join(self, torch):
        """Whether the script trains under `Join([model])`, DDP's own answer to ranks with uneven
        numbers of batches: then uneven shards are by design."""
        try:
            from torch.distributed.algorithms.join import Join
        except ImportError:
            return
        enter, rank = Join.__enter__, self

        def __enter__(join):
            rank.joined = True
            return enter(join)
        Join.__enter__ = __enter__

    def _marked(self, name, original, project):
        def collective(*args, **kwargs):
            caller = sys._getframe(1)
            self.note({"collective": name, "at": f"{caller.f_code.co_filename}:{caller.f_lineno}"})
            try:
                return original(*args, **kwargs)
            finally:
                self.note({"collective": None})
        collective.__wrapped__ = original
        collective.__name__ = collective.__qualname__ = name
        return collective


def unused_parameters(message, tb, torch):
    """After DDP's "Expected to have finished reduction in the prior iteration": the parts of the
    wrapped model whose parameters got no gradient, each as the outermost submodule (or parameter)
    all of whose parameters did, with the class that owns it as an attribute and that class's file.
    DDP's message names only indices into its reducer's parameter list; the wrapper maps them."""
    import inspect
    import re

    match = re.search(r"did not receive grad for rank \d+: ([\d ]+)", message)
    ddp = None
    while tb is not None:
        candidate = tb.tb_frame.f_locals.get("self")
        if type(candidate).__name__ == "DistributedDataParallel":
            ddp = candidate
        tb = tb.tb_next
    if match is None or ddp is None:
        return []
    names = ddp._build_debug_param_to_name_mapping(ddp._build_params_for_reducer()[0])
    unused = {names[int(i)] for i in match.group(1).split() if int(i) in names}
    units, covered = [], set()
    for path, module in ddp.module.named_modules():
        for name, _ in module.named_parameters(recurse=False):
            fqn = f"{path}.{name}" if path else name
            if fqn in covered or fqn not in unused:
                continue
            # climb to the outermost ancestor all of whose parameters are unused
            parts = fqn.split(".")
            for depth in range(1, len(parts)):
                prefix = ".".join(parts[:depth])
                under = [n for n, p in ddp.module.named_parameters() if n.startswith(prefix + ".") and p.requires_grad]
                if under and all(n in unused for n in under):
                    break
            else:
                depth, under = len(parts), [fqn]
            covered.update(under)
            named = depth
            while named > 1 and parts[named - 1].isdigit():  # an element of a ModuleList: its list is the attribute
                named -= 1
            owner = ddp.module.get_submodule(".".join(parts[:named - 1]))
            owner_file = _class_file(type(owner), inspect)
            units.append({"path": ".".join(parts[:depth]), "attribute": parts[named - 1],
                          "owner": type(owner).__name__, "file": owner_file, "parameters": sorted(under)[:16]})
    return units


def _class_file(cls, inspect):
    """Where the class is defined, read from its own methods' code: a class of the script run as
    __main__ is not found through its module (the probe's runner is)."""
    for value in vars(cls).values():
        code = getattr(value, "__code__", None)
        if code is not None:
            return os.path.realpath(code.co_filename)
    try:
        return os.path.realpath(inspect.getsourcefile(cls) or "")
    except TypeError:  # a class of a C extension
        return ""
