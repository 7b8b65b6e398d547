"""Run the user's command under the probe, in its own process group, and read what happened."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from resolver import notebook
from resolver.diagnose import cause
from resolver.diagnose import memory as out_of_memory
from resolver.diagnose.diagnosis import Diagnosis, parse_forward_origin, spawned_error, strip_ansi
from resolver.errors import UsageError
from resolver.run import ranks, sandbox
from resolver.run.memory_limit import Cgroup, PeakWatcher

PROBE = Path(__file__).parent / "probe" / "probe.py"
OUTPUT_KEPT = 256 * 1024  # bytes of each stream kept, from the end: tracebacks are at the end
HIDDEN_VARIABLES = ("ANTHROPIC_", "CLAUDE_API")
GIT_VARIABLES = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR")
PROBE_NO_TORCH = 97
# interpreters and projects where the kernel refused the overlay, and why: the guard is used there
_OVERLAY_REFUSED: dict[tuple[str, Path], str] = {}


@dataclass(frozen=True)
class Target:
    """What the user asked to run: `SCRIPT ARGS` or `-m MODULE ARGS`, from a directory."""

    script: Path | None
    module: str | None
    args: tuple[str, ...]
    cwd: Path
    project: Path
    python: str
    launcher: tuple[str, ...] = ()  # a distributed run: torchrun's module and its options

    def program(self) -> list[str]:
        """What python runs (what every rank runs, under a launcher)."""
        return [*(["-m", self.module] if self.module else [str(self.script)]), *self.args]

    def command(self) -> list[str]:
        if self.launcher:
            return ["-m", *self.launcher[:1], *self.launcher[1:], *self.program()]
        return self.program()

    def describe(self) -> str:
        return shlex.join(self.command())


@dataclass(frozen=True)
class Settings:
    batch_size: int = 2
    batches: int = 3
    full: bool = False
    timeout: float = 300.0
    anomaly: bool = False  # autograd anomaly detection: finds the forward op behind a backward error
    sandbox: str = "overlay"  # "overlay", else "guard"; "none" only with --no-sandbox (see sandbox.py)
    health: bool = True  # the training-health checks (--no-health: off)
    trace_non_finite: bool = False  # check each op's output for the first non-finite value
    trace_graph_cut: bool = False  # record each op that takes a value off the autograd graph
    memory_limit: int | None = None  # bytes (--memory-limit): every run is held to it
    memory_limit_kind: str = "as"  # "as" (RLIMIT_AS, set by the probe) or "cgroup" (see memory_limit.py)
    forecast_share: int = 16  # the memory forecast's smoke draws: 1/share and 2/share of the user's batch
    forecast_accumulation: int = 1  # optimizer steps seen once every k batches: k draws of each forecast size


@dataclass(frozen=True)
class Run:
    exit_code: int
    diagnosis: Diagnosis | None  # None when the run passed
    seconds: float
    counters: dict = field(default_factory=dict)
    stdout_tail: str = ""
    stderr_tail: str = ""
    lowered_batch_sizes: tuple[int, ...] = ()  # the user's batch sizes smoke mode lowered
    sandbox: str = "none"  # the isolation this run had
    sandbox_note: str = ""  # why it is not the overlay, when it was asked for
    health: dict = field(default_factory=dict)  # the probe's training-health summary of a run that exited 0
    notes: tuple[str, ...] = ()  # what the report should say about this run (a distributed run's teardown)
    memory: dict = field(default_factory=dict)  # its limits and peaks (probe/memory.py, memory_limit.py)

    @property
    def passed(self) -> bool:
        return self.diagnosis is None


def child_environment() -> dict[str, str]:
    """The user's environment, minus our API credentials and git variables that would point
    the script's own git calls at another repository. Python's faulthandler is on in every process
    of the run: a worker the script starts itself (`torch.multiprocessing.spawn`) runs without the
    probe, and when gloo aborts it (SIGABRT) its stacks on stderr are the only word of where it was."""
    kept = {
        key: value for key, value in os.environ.items()
        if not key.startswith(HIDDEN_VARIABLES) and key not in GIT_VARIABLES
    }
    return {"PYTHONFAULTHANDLER": "1", **kept}


class _TailReader(threading.Thread):
    """Drains a pipe, keeping only the last OUTPUT_KEPT bytes: memory stays flat whatever the
    script prints. Each chunk also goes to `on_data` as it comes (the live display)."""

    def __init__(self, fd: int, on_data=None):
        super().__init__(daemon=True)
        self.pipe, self.data, self.on_data = os.fdopen(fd, "rb", buffering=0), bytearray(), on_data

    def run(self):
        with self.pipe:
            while chunk := self.pipe.read(65536):
                self.data += chunk
                if len(self.data) > 2 * OUTPUT_KEPT:
                    del self.data[:-OUTPUT_KEPT]
                if self.on_data is not None:
                    self.on_data(chunk)

    def text(self) -> str:
        return bytes(self.data[-OUTPUT_KEPT:]).decode("utf-8", errors="replace")


class _StatusReader(threading.Thread):
    """The probe's counters (JSON lines on the status pipe), handed to the live display."""

    def __init__(self, fd: int, on_counters):
        super().__init__(daemon=True)
        self.pipe, self.on_counters = os.fdopen(fd, "rb", buffering=0), on_counters

    def run(self):
        with self.pipe:
            for line in self.pipe:
                try:
                    counters = json.loads(line)
                except ValueError:
                    continue
                if self.on_counters is not None:
                    self.on_counters(counters)


def kill_group(process) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run(target: Target, settings: Settings, overlay: dict[Path, str], watch=None, server=None) -> Run:
    """Run the target once in its sandbox, with the proposed file texts in `overlay` in place of
    the files on disk: nothing of the user's is written to verify a fix. `server` (resolver.run.warm)
    forks the run from a warm interpreter when it can; `watch` sees the output and counters live."""
    if settings.memory_limit and settings.memory_limit_kind == "cgroup":
        server = None  # a warm fork's torch pages are charged to the server's cgroup: the run starts its own
    mode, refused = settings.sandbox, _OVERLAY_REFUSED.get((target.python, target.project), "")
    if mode == "overlay" and refused:
        mode = "guard"
    result = _run(target, settings, overlay, mode, watch, server)
    if result is None:  # the kernel refused the overlay before the script started
        return run(target, settings, overlay, watch, server)
    return replace(result, sandbox_note=refused) if mode != settings.sandbox else result


def _run(target: Target, settings: Settings, overlay: dict[Path, str], mode: str, watch, server) -> Run | None:
    with sandbox.scratch_folder() as scratch:
        scratch = Path(os.path.realpath(scratch))
        programs = _notebook_programs(target, overlay)
        overlay = {path: text for path, text in overlay.items() if path not in programs}
        box = sandbox.Sandbox.prepare(mode, scratch, target.project, target.cwd, overlay)
        report_path = scratch / "report.json"
        spec_path = scratch / "sandbox.json"
        spec_path.write_text(json.dumps(box.probe_spec()), encoding="utf-8")
        probe_args = ["--out", str(report_path), "--project", str(target.project),
                      "--batch-size", str(settings.batch_size), "--batches", str(settings.batches),
                      "--forecast-share", str(settings.forecast_share),
                      "--sandbox", str(spec_path)]
        probe_args += ["--full"] * settings.full + ["--anomaly"] * settings.anomaly
        if settings.forecast_accumulation > 1:
            probe_args += ["--forecast-accumulation", str(settings.forecast_accumulation)]
        probe_args += ["--no-health"] * (not settings.health) + ["--trace-non-finite"] * settings.trace_non_finite
        probe_args += ["--trace-graph-cut"] * settings.trace_graph_cut
        if target.launcher:
            probe_args += ["--launcher", json.dumps(list(target.launcher))]
        group = None
        if settings.memory_limit and settings.memory_limit_kind == "cgroup":
            group = Cgroup.make(settings.memory_limit)
            probe_args += ["--memory-cgroup", str(group.folder)]
        elif settings.memory_limit:
            probe_args += ["--memory-limit", str(settings.memory_limit)]
        given = {**(overlay if box.mode != "overlay" else {}), **programs}
        if given:  # no upper layer to hold the fix, or a notebook's program: the probe reads it from here
            overlay_path = scratch / "overlay.json"
            overlay_path.write_text(json.dumps({str(p): t for p, t in given.items()}), encoding="utf-8")
            probe_args += ["--overlay", str(overlay_path)]
        (out, out_w), (err, err_w), (status, status_w) = os.pipe(), os.pipe(), os.pipe()
        started = time.monotonic()
        try:
            command = [str(next(iter(programs))), *target.args] if programs else target.program()
            process = _start(target, [*probe_args, "--", *command], {**child_environment(), **box.environment()},
                             server, (out_w, err_w, status_w))
        except BaseException:
            for fd in (out, err, status):
                os.close(fd)
            group and group.remove()
            raise
        finally:
            for fd in (out_w, err_w, status_w):
                os.close(fd)
        readers = [_TailReader(out, watch and (lambda data: watch.output("stdout", data))),
                   _TailReader(err, watch and (lambda data: watch.output("stderr", data))),
                   _StatusReader(status, watch and watch.counters)]
        for reader in readers:
            reader.start()
        watcher = PeakWatcher(process.pid)
        watcher.start()
        timed_out = False
        try:
            # the limit counts from the request: a run forked by a server still starting waited for it
            process.wait(timeout=max(0.0, settings.timeout - (time.monotonic() - started)))
        except subprocess.TimeoutExpired:
            timed_out = True
        finally:
            # Also on Ctrl-C, and after a normal exit: DataLoader workers and any children the
            # script left behind go with it.
            kill_group(process)
            process.wait()
            ranks.kill_ranks(scratch / "ranks")
            watched = watcher.stop()
            if group is not None:
                watched.update(group.verdict())
                group.remove()
        for reader in readers:
            reader.join(timeout=5)
        seconds = time.monotonic() - started
        stdout, stderr = strip_ansi(readers[0].text()), strip_ansi(readers[1].text())
        report = _read_report(report_path)
        rank_reports = ranks.reports(scratch / "ranks") if target.launcher or report.get("spawned") else {}
        box.check()
    if report.get("outcome") == "no_sandbox":
        _OVERLAY_REFUSED[(target.python, target.project)] = report.get("message", "refused")
        return None
    memory = {**report.get("memory", {}), **watched, "limit": settings.memory_limit,
              "limit_kind": settings.memory_limit_kind if settings.memory_limit else None}
    result = replace(_outcome(report, process.returncode, timed_out, seconds, stdout, stderr, target, settings,
                              rank_reports, memory), memory=memory)
    if result.diagnosis is not None:
        made_at = cause.find(result.diagnosis, target.cwd, target.project, {**overlay, **programs})
        result = replace(result, diagnosis=replace(result.diagnosis, cause=made_at))
    return replace(result, lowered_batch_sizes=tuple(report.get("lowered_batch_sizes", ())), sandbox=box.mode)


def _notebook_programs(target: Target, overlay: dict[Path, str]) -> dict[Path, str]:
    """A notebook target's program (resolver/notebook.py), as proposed or as on disk: the probe
    runs it by the notebook's real path, so that frames name the notebook and its program lines."""
    if target.script is None or not notebook.is_notebook(target.script):
        return {}
    path = Path(os.path.realpath(target.cwd / target.script))
    if path in overlay:
        return {path: overlay[path]}
    return {path: notebook.to_python(path.read_bytes()).text}


def _start(target: Target, probe_args: list[str], env: dict[str, str], server, fds: tuple[int, int, int]):
    """The probe's process: forked by the warm server, else a new interpreter. `probe_args` end
    with `--` and the command."""
    process = server.spawn(probe_args, target.cwd, env, fds) if server else None
    if process is not None:
        return process
    out, err, status = fds
    command = [target.python, str(PROBE), "--status-fd", str(status), *probe_args]
    try:
        return subprocess.Popen(command, cwd=target.cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=err, pass_fds=(status,), start_new_session=True)
    except OSError as exc:
        raise UsageError(f"cannot run {target.python}: {exc.strerror or exc}") from None


def _outcome(report: dict, returncode: int, timed_out: bool, seconds: float, stdout: str, stderr: str,
             target: Target, settings: Settings, rank_reports: dict[int, dict], memory: dict) -> Run:
    if report.get("outcome") == "no_torch" or returncode == PROBE_NO_TORCH and not report:
        raise UsageError(f"{target.python} cannot import torch")
    counters = report.get("counters", {})
    launched = report if report.get("outcome") == "launched" else ranks.spawned_workers(report)
    if launched is not None and not timed_out:
        diagnosis, counters, health, notes = ranks.combine(launched, rank_reports, stderr, target.project)
        return Run(0 if diagnosis is None else returncode or 1, diagnosis, seconds, counters, stdout, stderr,
                   health=health, notes=notes)
    if timed_out:
        diagnosis = Diagnosis("Timeout", f"the script ran longer than {settings.timeout:g}s and was stopped",
                              counters=counters, source="exit")
        return Run(-signal.SIGKILL, diagnosis, seconds, counters, stdout, stderr)
    if returncode == 0:
        return Run(0, None, seconds, counters, stdout, stderr, health=report.get("health", {}))
    if report.get("outcome") == "exception":
        diagnosis = Diagnosis.from_probe({**report, "message": strip_ansi(str(report.get("message", "")))})
        diagnosis = ranks.spawned_abort(spawned_error(diagnosis, target.project), stderr, target.project)
        if settings.anomaly:
            diagnosis = replace(diagnosis, forward_origin=parse_forward_origin(stderr, target.project))
    elif report.get("outcome") == "exit":
        last_line = stderr.strip().splitlines()[-1] if stderr.strip() else ""
        diagnosis = Diagnosis("SystemExit", f"the script called sys.exit({report.get('code')})"
                              + (f": {last_line}" if last_line else ""), counters=counters, source="exit")
    elif returncode in (-signal.SIGKILL, 128 + signal.SIGKILL) and not report:
        diagnosis = out_of_memory.killed(memory, counters)  # no traceback: the OOM killer's way
    else:
        diagnosis = Diagnosis.from_traceback(stderr, target.project, returncode)
    if diagnosis.category.startswith("memory."):
        diagnosis = replace(diagnosis, memory=memory)
    return Run(returncode, diagnosis, seconds, counters, stdout, stderr)


def _read_report(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
