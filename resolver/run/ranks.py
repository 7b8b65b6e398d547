"""One verdict from the N ranks of a distributed run (`resolve torchrun ...`).

The launcher (resolver/run/probe/dist.py) writes which ranks torchrun saw fail, and the
watchdog's hang with every rank's stacks; each rank's probe writes its own report. The first rank
to fail is the error; the others failed the same way, failed because of it, or were torn down.
A rank that finished and then aborted at interpreter shutdown ("terminate called without an
active exception": torch's gloo teardown freeing DDP objects late) did not fail."""

from __future__ import annotations

import json
import os
import re
import signal
from dataclasses import replace
from pathlib import Path

from resolver.diagnose.diagnosis import Diagnosis, Frame, _is_user_file
from resolver.run.probe.dist import COLLECTIVES

SHUTDOWN_ABORT = "terminate called without an active exception"
SPAWN_ERRORS = ("ProcessRaisedException", "ProcessExitedException")  # spawn's word for a failed worker
STOPPED = (-signal.SIGTERM, -signal.SIGKILL, -signal.SIGINT)  # how torchrun stops the other ranks
PROBE_FOLDER = Path(__file__).parent / "probe"
_PEER_PORT = re.compile(r"(\[[0-9a-f.:]+\]):\d+")
_THREAD = re.compile(r"^(Current thread|Thread) 0x[0-9a-f]+ .*\(most recent call first\):$")
# a rank's own error before its peers reset: gloo's check that both ends of a collective agree
_ABORT_REASON = re.compile(r"what\(\):\s+\[enforce fail at [^\]]*\]\s*(.+)")
# a rank's error that only says its peer went away: the peer's failure is the cause
_PEER_GONE = re.compile(r"[Cc]onnection (reset|closed) by peer|Connection refused|Broken pipe")
# what the parent of a spawned worker says when the worker died of a signal, and what Python's
# faulthandler writes before a dying worker's stacks
_SPAWN_ABORT = re.compile(r"process (\d+) terminated with signal SIGABRT")
_FATAL_ABORT = "Fatal Python error: Aborted"
_STACK_FRAME = re.compile(r'^  File "(?P<file>[^"]+)", line (?P<line>\d+) in (?P<function>.+)$')


def only_shutdown_abort(launcher_stderr: str) -> bool:
    """A plain torchrun run whose ranks all finished, one then aborting at shutdown: torchrun reports
    SIGABRT with a traceback of its own, ending in ChildFailedError, and no rank's Python error."""
    tracebacks = launcher_stderr.count("Traceback (most recent call last)")
    torchrun = "Signal 6 (SIGABRT)" in launcher_stderr \
        and tracebacks == launcher_stderr.count("errors.ChildFailedError")
    # mp.spawn says it with a ProcessExitedException of its own
    spawn = "terminated with signal SIGABRT" in launcher_stderr \
        and tracebacks == launcher_stderr.count("spawn.ProcessExitedException:")
    return SHUTDOWN_ABORT in launcher_stderr and (torchrun or spawn)


def spawned_workers(report: dict) -> dict | None:
    """The workers a script started with torch.multiprocessing.spawn, when they are the verdict:
    the script ended well, or with spawn's word that a worker failed (its own report is better)."""
    spawned = report.get("spawned")
    if not spawned or report.get("outcome") == "exception" and report.get("error_type") not in SPAWN_ERRORS:
        return None
    return spawned


def reports(folder: Path) -> dict[int, dict]:
    """Each rank's probe report, by rank."""
    found = {}
    for path in folder.glob("rank*.json"):
        try:
            found[int(path.name[4:-5])] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
    return found


def kill_ranks(folder: Path) -> None:
    """Every rank still running, with its DataLoader workers (a rank is its own session): a rank
    dies with the launcher anyway (PR_SET_PDEATHSIG); this is for the run that ended otherwise."""
    for path in folder.glob("rank*.pid"):
        try:
            pid = int(path.read_text(encoding="utf-8"))
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                mine = str(folder).encode() in f.read()  # not a pid reused since by another process
            if mine:
                os.killpg(pid, signal.SIGKILL)
        except (OSError, ValueError):
            continue


def combine(launch: dict, ranks: dict[int, dict], stderr: str, project: Path):
    """(the run's Diagnosis or None when it passed, counters, health, notes)."""
    failures = {int(rank): code for rank, code in (launch.get("failures") or {}).items()}
    # a rank that wrote its report had ended the script: when every rank the watchdog saw still
    # alive had, none was waiting in a collective, only slow to exit (torchrun reaps the ranks late
    # on a loaded machine), and their reports are the verdict
    if launch.get("hang") and not all(int(rank) in ranks for rank in launch["hang"]["ranks"]):
        return hang_diagnosis(launch["hang"], project, ranks), {}, {}, ()
    failing = sorted((r for r, report in ranks.items() if report.get("outcome") in ("exception", "exit")),
                     key=lambda r: ranks[r].get("ended_at", 0))
    aborted = {r: state for r, state in (launch.get("aborted") or {}).items() if int(r) not in ranks}
    if aborted and all(_PEER_GONE.search(str(ranks[r].get("message", ""))) for r in failing):
        return mismatch_diagnosis(aborted, project, ranks, stderr), {}, {}, ()
    finished = sorted(r for r, report in ranks.items() if report.get("outcome") == "ok")
    lead = ranks[finished[0]] if finished else {}
    if not failing:
        silent = sorted(r for r in failures if r not in finished)
        aborted = [r for r in finished if failures.get(r) == -signal.SIGABRT]
        if not silent or aborted and all(failures[r] in STOPPED for r in silent):
            uneven = uneven_shards(ranks, project)
            if uneven is not None:
                return uneven, lead.get("counters", {}), {}, ()
            return None, lead.get("counters", {}), lead.get("health", {}), _teardown_notes(aborted, silent, stderr)
        first = silent[0]
        diagnosis = Diagnosis.from_traceback(stderr, project, failures[first])
        return _with_ranks(diagnosis, first, ranks, failures), {}, {}, ()
    first = failing[0]
    first = min(r for r in failing if _same_error(ranks[r], _error_of(ranks[first]))) if \
        ranks[first]["outcome"] == "exception" else first
    report = ranks[first]
    # every other rank finished (none failed, none died without a report): it was left alone
    if failing == [first] and set(finished) == set(ranks) - {first} and set(failures) <= set(ranks) \
            and finished and _PEER_GONE.search(str(report.get("message", ""))):
        return left_alone(first, ranks, project), report.get("counters", {}), {}, ()
    if report["outcome"] == "exit":
        diagnosis = Diagnosis("SystemExit", f"the script called sys.exit({report.get('code')}) in rank {first}",
                              counters=report.get("counters", {}), source="exit")
    else:
        diagnosis = Diagnosis.from_probe(report)
    return _with_ranks(diagnosis, first, ranks, failures), report.get("counters", {}), {}, ()


def uneven_shards(ranks: dict[int, dict], project: Path) -> Diagnosis | None:
    """A DataLoader whose full pass gives the ranks different numbers of batches, with no `Join`:
    the rank with more runs a DDP backward whose all-reduce no other rank joins, and a full run
    hangs at the end of the first epoch. Smoke mode runs the same few batches on every rank, so
    the ranks' samplers' own lengths are the evidence."""
    shards = {rank: report.get("shards") for rank, report in ranks.items() if report.get("shards")}
    if len(shards) < 2 or any(s.get("joined") for s in shards.values()) \
            or not any(report.get("counters", {}).get("backward_calls") for report in ranks.values()):
        return None  # with Join uneven shards are by design; without a backward no batch is a collective
    for site in next(iter(shards.values()))["batches"]:
        counts = {rank: s["batches"].get(site) for rank, s in shards.items()}
        if None in counts.values() or len(set(counts.values())) == 1:
            continue
        file, line = site.rsplit(":", 1)
        path = Path(file)
        frame = Frame(path, int(line), "<DataLoader>", _is_user_file(path, project), _code(path, int(line)))
        said = ", ".join(f"rank {r} {n}" for r, n in sorted(counts.items()))
        message = (f"a full pass of the DataLoader at {_relative(path, project)}:{line} gives the ranks different "
                   f"numbers of batches ({said}): the rank with more runs a backward whose gradient all-reduce no "
                   "other rank joins, and a full run hangs at the end of the first epoch (smoke mode ran the same "
                   "batches on every rank)")
        return Diagnosis("UnevenShards", message, (frame,), source="hang",
                         ranks=tuple(f"rank {r}: {n} batches per pass" for r, n in sorted(counts.items())))
    return None


def _error_of(report: dict) -> Diagnosis:
    return Diagnosis(str(report.get("error_type", "")), str(report.get("message", "")))


def _teardown_notes(aborted: list[int], silent: list[int], stderr: str) -> tuple[str, ...]:
    if not aborted:
        return ()
    said = "'terminate called without an active exception'" if SHUTDOWN_ABORT in stderr else "SIGABRT"
    note = (f"rank {', '.join(map(str, aborted))} finished the script, then aborted at interpreter shutdown "
            f"({said}): torch frees the process group's DDP objects late on gloo; not an error of the "
            "script (a gc.collect() after main() returns avoids it)")
    if silent:
        note += f"; torchrun then stopped rank {', '.join(map(str, silent))}"
    return (note,)


def _with_ranks(diagnosis: Diagnosis, first: int, ranks: dict[int, dict], failures: dict[int, int]) -> Diagnosis:
    """The diagnosis of the first failing rank, with what became of the others. Ranks that failed
    with the same error failed each on its own (which of them ended first is a race): they are
    named together, the lowest first."""
    same = sorted(r for r, report in ranks.items() if _same_error(report, diagnosis)) or [first]
    lines = [f"rank {first} failed first" if len(same) == 1 else
             f"ranks {', '.join(map(str, same))} failed the same way"]
    for rank in sorted((set(ranks) | set(failures)) - set(same)):
        report = ranks.get(rank, {})
        if report.get("outcome") == "ok":
            lines.append(f"rank {rank} finished")
        elif report.get("outcome") in ("exception", "exit"):
            # the peer's port is new in every run: the note says which peer, not which port
            message = _PEER_PORT.sub(r"\1", str(report.get("message", "")).strip().split("\n")[0])[:120]
            lines.append(f"rank {rank} failed after it ({report.get('error_type', 'exit')}: {message})")
        else:
            code = failures.get(rank)
            lines.append(f"rank {rank} was torn down" + (f" ({_signal_name(code)})" if code is not None else ""))
    return replace(diagnosis, ranks=tuple(lines))


def _same_error(report: dict, diagnosis: Diagnosis) -> bool:
    return report.get("outcome") in ("exception", "exit") and report.get("error_type", "SystemExit") == \
        diagnosis.error_type and str(report.get("message", "")).split("\n")[0] == diagnosis.message.split("\n")[0]


def _signal_name(code: int) -> str:
    if code < 0 and -code in signal.Signals._value2member_map_:
        return signal.Signals(-code).name
    return f"exit code {code}"


def hang_diagnosis(hang: dict, project: Path, ranks: dict[int, dict]) -> Diagnosis:
    """Where each rank waits when none makes progress: file:line and function, from its stacks;
    and what the ranks that had already ended did."""
    lines, frames_of = _ended(ranks), {}
    for rank, state in hang["ranks"].items():
        if int(rank) not in ranks:
            frames_of[int(rank)], place = _place(state, project)
            waits = f"waits in {state['collective']}() at " if state.get("collective") else "at "
            lines.append(f"rank {rank} {waits}{place}")
    waiting = [int(r) for r, s in hang["ranks"].items() if s.get("collective")]
    stuck = min(waiting) if waiting else min(frames_of, default=0)
    lines.sort(key=lambda line: int(line.split()[1]))
    message = f"no rank made progress for {hang['seconds']:.0f}s: " + "; ".join(lines)
    return Diagnosis("DistributedHang", message, frames_of.get(stuck, ()), source="hang", ranks=tuple(lines))


def mismatch_diagnosis(aborted: dict, project: Path, ranks: dict[int, dict], stderr: str) -> Diagnosis:
    """A rank that died inside a collective while its peers were in another one: gloo saw the
    collectives' sizes differ and aborted it (what a hang becomes when the sizes differ)."""
    # a peer that failed only because the aborted rank went away may or may not have written its
    # report before it was stopped (a race): it is one of the ranks torn down, named by none
    lines = _ended({r: report for r, report in ranks.items()
                    if not _PEER_GONE.search(str(report.get("message", "")))})
    frames_of = {}
    for rank, state in aborted.items():
        frames_of[int(rank)], place = _place(state, project)
        lines.append(f"rank {rank} aborted in {state['collective']}() at {place}")
    lines.sort(key=lambda line: int(line.split()[1]))
    said = _ABORT_REASON.search(stderr)
    reason = f" ({said[1].strip()})" if said else ""
    message = f"the ranks called different collectives{reason}: " + "; ".join(lines)
    frames = frames_of[min(frames_of)]
    users = [i for i, frame in enumerate(frames) if frame.user]
    # down to where the user's call entered torch (through a DDP forward, if it did: that forward's
    # collective is the one), as which line inside the collective gloo aborted on is a race
    wrapper = next((i for i, f in enumerate(frames[users[-1]:], users[-1]) if f.wrapper_forward), None) \
        if users else None
    frames = frames[:max(users[-1] + 2, (wrapper or 0) + 1)] if users else frames
    return Diagnosis("CollectiveMismatch", message, frames, source="hang",
                     ranks=(*lines, "the other ranks were torn down with it"))


def left_alone(rank: int, ranks: dict[int, dict], project: Path) -> Diagnosis:
    """A rank whose only error is that its peers went away, while they all ended the script
    normally: it was in a collective none of them called (a `barrier` only rank 0 reaches, or the
    buffer broadcast of a DDP forward that only rank 0 runs), and was left alone there when they
    exited. Earlier in the run the same collective has the peers' next one as its partner, so the
    ranks drift apart silently: a full run hangs or fails like this."""
    diagnosis = Diagnosis.from_probe(ranks[rank])
    frames = diagnosis.frames  # whole: the collective raised, a place no race decides
    users = [frame for frame in frames if frame.user]
    inner = frames[-1].function if frames else "a collective"
    place = f"{_relative(users[-1].file, project)}:{users[-1].line}" if users else "its last frame"
    lines = [*_ended({r: report for r, report in ranks.items() if r != rank}),
             f"rank {rank} was left in {inner}() at {place}, a collective the others never called"]
    lines.sort(key=lambda line: int(line.split()[1]))
    message = "the ranks called different collectives: " + "; ".join(lines)
    return replace(diagnosis, error_type="CollectiveMismatch", message=message, source="hang", ranks=tuple(lines))


def spawned_abort(diagnosis: Diagnosis, stderr: str, project: Path) -> Diagnosis:
    """A worker of `torch.multiprocessing.spawn` that gloo aborted inside a collective: the parent
    says only `process N terminated with signal SIGABRT`; the worker's faulthandler stacks on stderr
    (the run turns faulthandler on) say which collective it was in and where."""
    found = _SPAWN_ABORT.match(diagnosis.message) if diagnosis.error_type == "ProcessExitedException" else None
    if found is None:
        return diagnosis
    for dump in stderr.split(_FATAL_ABORT)[1:]:
        frames = stack_frames(dump, project)
        inner = next((f for f in reversed(frames) if f.file.name == "distributed_c10d.py"
                      and f.function in COLLECTIVES), None)
        if inner is not None:  # not the teardown abort after a finished run: that is in no collective
            # spawn's process index is the rank the script's function is given
            mismatch = mismatch_diagnosis({found[1]: {"collective": inner.function, "stacks": dump}}, project, {},
                                          stderr)
            return replace(mismatch, counters=diagnosis.counters, versions=diagnosis.versions)
    return diagnosis


def _ended(ranks: dict[int, dict]) -> list[str]:
    """What the ranks that had ended their script did (a rank still exiting has no stack to show)."""
    lines = []
    for rank in sorted(ranks):
        report = ranks[rank]
        message = _PEER_PORT.sub(r"\1", str(report.get("message", "")).strip().split("\n")[0])[:120]
        lines.append(f"rank {rank} " + ("had finished the script" if report.get("outcome") == "ok" else
                                        f"had failed: {report.get('error_type', 'SystemExit')}: {message}"))
    return lines


def _place(state: dict, project: Path) -> tuple[tuple[Frame, ...], str]:
    """A rank's frames from its stacks, and its innermost user frame as `file:line in function `code``."""
    frames = stack_frames(state.get("stacks", ""), project)
    user = [f for f in frames if f.user]
    where = user[-1] if user else (frames[-1] if frames else None)
    if where is None:
        return frames, "no stack"
    code = f" `{where.code}`" if where.code else ""
    return frames, f"{_relative(where.file, project)}:{where.line} in {where.function}{code}"


def stack_frames(text: str, project: Path) -> tuple[Frame, ...]:
    """The frames of the thread that runs the script (the one with the user's frames, else the
    current one), outermost first, the probe's own left out."""
    threads: list[list[tuple[str, int, str]]] = []
    for line in text.splitlines():
        if _THREAD.match(line.strip()):
            threads.append([])
        elif (match := _STACK_FRAME.match(line)) and threads:
            threads[-1].append((match["file"], int(match["line"]), match["function"]))
    best: list[tuple[str, int, str]] = []
    for thread in threads:
        if any(_is_user_file(Path(file), project) for file, _, _ in thread) or not best:
            best = thread
            if any(_is_user_file(Path(file), project) for file, _, _ in thread):
                break
    frames = []
    for file, line, function in reversed(best):
        path = Path(file)
        probe = path.parent in (PROBE_FOLDER, PROBE_FOLDER / "spawned")  # a spawned worker's wrapper too
        if probe or path.name == "probe.py" and "_resolver" in function:
            continue
        user = _is_user_file(path, project)
        frames.append(Frame(path, line, function, user, _code(path, line) if user else ""))
    return tuple(frames)


def _code(path: Path, line: int) -> str:
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return ""
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


def _relative(path: Path, project: Path) -> str:
    try:
        return str(path.resolve().relative_to(project))
    except (ValueError, OSError):
        return str(path)
