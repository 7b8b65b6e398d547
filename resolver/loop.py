"""The repair workflow: run -> diagnose -> fix -> verify (run again) -> report.

Edits are verified in the run's sandbox, which shows the script the proposed texts; files are
written once, at the end, and only when every error is fixed."""

from __future__ import annotations

import time
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Callable, Iterator

from resolver import memory_check, notebook
from resolver.diagnose import grad_off, health, memory
from resolver.diagnose.categories import EXHAUSTED_ADVICE, STOP_REASONS, in_words
from resolver.diagnose.diagnosis import Diagnosis
from resolver.diagnose.usage import parser_complaint
from resolver.fix import rules
from resolver.llm.client import (
    Claude,
    Declined,
    LimitReached,
    LLMError,
    Rejection,
    Usage,
)
from resolver.run import warm
from resolver.run.live import Display
from resolver.run.runner import Run, Settings, Target, child_environment, run
from resolver.run.warm import WarmServer
from resolver.status import Status, Verdict
from resolver.stops import (
    AttemptsExhausted,
    BudgetSpent,
    NeedsAHuman,
    NoFixFound,
    ProbeFailed,
    RunLimitReached,
    ScriptUsage,
    Stop,
)
from resolver.verify import (
    judge,
    lowered_sizes_in_error,
    progress_note,
    same_place,
    settle_cut,
    settle_setting,
    settle_unread,
)
from resolver.write.edits import Edit, Workspace

SANDBOX_STRENGTH = ("none", "guard", "overlay")
Runner = Callable[[Target, Settings, dict], Run]


@dataclass(frozen=True)
class Options:
    max_attempts: int = 3
    max_runs: int = 20
    dry_run: bool = False
    to_branch: bool = False  # the fix goes into git commits, not into the working tree
    llm: Claude | None = None
    llm_note: str = ""  # why the LLM is not used, for a FAILED report
    verbosity: int = 1  # 0 quiet (-q), 1 progress lines, 2 verbose (-v): the script's output too
    deadline: float = 1800.0  # seconds for the whole resolve: runs in flight and LLM requests are cut at it
    use_rules: bool = True  # False (--no-rules): every fix comes from the LLM


@dataclass(frozen=True)
class Attempt:
    edit: Edit | None  # None: an LLM patch rejected before it was applied
    error: Diagnosis  # what the edit set out to fix
    after: Diagnosis | None  # the error of the run that verified it; None: that run passed
    verdict: Verdict
    note: str = ""  # why it was rejected; how far the run got

    @property
    def summary(self) -> str:
        return self.edit.reason if self.edit else f"LLM patch rejected: {self.note}"


@dataclass(frozen=True)
class Outcome:
    status: Status
    target: Target
    settings: Settings
    attempts: tuple[Attempt, ...]
    runs: int
    seconds: float
    last_error: Diagnosis | None = None
    stop_reason: str = ""
    diff: str = ""
    written: tuple[Path, ...] = ()  # files written in the working tree
    changed: tuple[Path, ...] = ()  # files the verified fix changes
    dry_run: bool = False
    to_branch: bool = False
    llm: Usage = field(default_factory=Usage)
    notes: tuple[str, ...] = ()  # what the user should know about how the script was run
    output_tail: str = ""  # the last lines the script printed in its last run
    sandbox: str = "none"  # the weakest isolation any run had: "overlay", "guard" or "none"
    sandbox_note: str = ""  # why it is not the overlay
    script_usage: str = ""  # the script's own argument parser rejected its command line: its complaint
    lowered_batch_sizes: tuple[int, ...] = ()  # the user's batch sizes smoke mode lowered (run 1; FAILED: the last)
    health: dict | None = None  # the training-health summary of the last run that passed; None: checks off

    @property
    def fixes(self) -> tuple[Attempt, ...]:
        return tuple(a for a in self.attempts if a.verdict == Verdict.FIXED)


@dataclass
class _Session:
    target: Target
    settings: Settings
    options: Options
    log: Callable[[str], None]
    workspace: Workspace
    deadline: float  # time.monotonic() by which resolve ends
    runner: Runner = run
    first_error: Diagnosis | None = None
    attempts: list[Attempt] = field(default_factory=list)
    runs: int = 0
    # workspace states already run, and the attempt that made each (None: the files before any fix)
    visited: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    batch_checked: set = field(default_factory=set)  # errors already rerun at the user's batch size
    traced_failing: tuple = (None, None)  # a failing run, and its rerun without the fix under the tracer
    last: Run | None = None
    isolation: tuple[str, str] = ("overlay", "")  # the weakest sandbox of any run, and why
    display: Display | None = None
    server: WarmServer | None = None  # to say, once, when runs fall back to their own interpreter

    def run(self, doing: str) -> Run:
        """One run; a smoke-mode error that involves a batch size smoke mode lowered is run
        again at the user's own batch size before it counts: it may be smoke mode's crash,
        not the user's (a hard-coded `x.view(32, -1)` or `init_hidden(16)`). So is one no rule
        explains, after a batch was drawn: a batch of two unpacks into two names
        (`for i, (x, y) in loader` takes the batch apart instead of failing as at the user's size)."""
        result = self._run_once(doing)
        if k := memory_check.unmeasured_accumulation(self.settings, result):
            result = memory_check.measure_accumulated(self, k)  # its draws shared steps: one size was measured
        if memory_check.died_at_a_draw(self.settings, result):
            return memory_check.step_down(self, result)  # smaller draws; that death already confirms
        if result.diagnosis and result.diagnosis.category == "memory.forecast_oom":
            return memory_check.confirm(self, result)  # one faithful step at the user's batch size
        if result.diagnosis and result.diagnosis.source == "health":
            return self._traced(result)  # it ran to its end: its batch size broke nothing
        lowered = lowered_sizes_in_error(result)
        if lowered:
            why = f"the error involves batch size {lowered[0]}"
        elif self._unexplained_in_smoke_mode(result):
            why = "no rule explains the error at the smoke batch size"
        else:
            return result
        if (key := result.diagnosis.headline) in self.batch_checked:
            return result
        self.batch_checked.add(key)
        smoke_size, own_size = self.settings.batch_size, max(result.lowered_batch_sizes)
        self.log(f"{why}: running again at your own batch size {own_size}")
        self.settings = replace(self.settings, batch_size=own_size)
        again = self._run_once(f"rerunning at your batch size {own_size}")
        if not again.passed and same_place(again.diagnosis, result.diagnosis):
            self.settings = replace(self.settings, batch_size=smoke_size)
            return result  # it fails at the user's batch size too: a real bug
        if again.passed:
            otherwise = "it does not: the script assumes its batch size"
        else:
            otherwise = f"it fails otherwise ({again.diagnosis.headline}), as it does in a plain run"
        self.notes.append(f"at smoke batch size {smoke_size} the script fails ({result.diagnosis.headline}) but at "
                          f"its own batch size {own_size} {otherwise}, so it was repaired and verified at batch size "
                          f"{own_size}")
        return again

    def _unexplained_in_smoke_mode(self, result: Run) -> bool:
        if result.passed or not result.lowered_batch_sizes or result.diagnosis.counters.get("batches", 0) == 0 \
                or not self.options.use_rules or result.diagnosis.category.startswith("memory."):
            return False
        return next(iter(rules.candidates(result.diagnosis, self.workspace, self._rule_failed)), None) is None

    def _run_once(self, doing: str) -> Run:
        if self.runs >= self.options.max_runs:
            raise RunLimitReached(f"stopped after {self.runs} runs (--max-runs)")
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise BudgetSpent(f"the deadline (--deadline {self.options.deadline:g}s) came before run {self.runs + 1}")
        self.runs += 1
        settings = replace(self.settings, timeout=min(self.settings.timeout, left))
        with self.display.run(self.runs, doing) if self.display else nullcontext():
            result = self.runner(self.target, settings, self.workspace.overlay)
        if self.display and self.server and self.server.reason:
            self.display.detail(f"{self.server.reason}; each run starts its own interpreter")
            self.server = None
        if not result.passed and settings.timeout < self.settings.timeout and time.monotonic() >= self.deadline:
            raise BudgetSpent(f"the deadline (--deadline {self.options.deadline:g}s) came during run {self.runs}; "
                              "it was stopped")
        if result.passed and self.settings.health and (unhealthy := health.verdict(result.health)):
            result = replace(result, diagnosis=unhealthy)  # it exited 0, but does not train
        if result.passed and (too_big := memory.verdict(result.memory)):
            result = replace(result, diagnosis=too_big)  # it passed at smoke batches; not at the user's
        if SANDBOX_STRENGTH.index(result.sandbox) < SANDBOX_STRENGTH.index(self.isolation[0]):
            self.isolation = (result.sandbox, result.sandbox_note)
        where = result.diagnosis.location if result.diagnosis else None
        self.log(f"run {self.runs}: " + ("passed" if result.passed else f"{result.diagnosis.headline}"
                 + (f" at {self._place(where)}" if where else "")) + f" ({result.seconds:.1f}s)")
        self.notes += [note for note in result.notes if note not in self.notes]
        self.last = result
        return result

    def _place(self, where) -> str:
        program = self.workspace.peek(where.file) if notebook.is_notebook(where.file) else None
        return notebook.place(where.file.name, where.line, program)

    def repair(self, failing: Run) -> Run:
        """Try edits for the failing run's error until one moves it; return the run after it."""
        failing = self._with_forward_origin(failing)
        error = failing.diagnosis
        failures = 0
        try:
            for proposal in self._proposals(failing):
                after = self._try(proposal, failing)
                if after is not None and self.attempts[-1].verdict == Verdict.FIXED:
                    return after
                failures += 1
                if failures >= self.options.max_attempts:
                    raise AttemptsExhausted(f"the same error survived {failures} attempts")
        except LimitReached as exc:
            raise BudgetSpent(str(exc)) from None
        except LLMError as exc:
            raise NeedsAHuman(f"the LLM fix failed: {exc}") from None
        except Declined as exc:
            raise NeedsAHuman(f"Claude declined to patch: {exc}") from None
        if failures:
            raise AttemptsExhausted(f"no remaining fix after {failures} failed attempt(s)")
        if error.probe_error:
            raise ProbeFailed(f"the probe failed: {error.probe_error}")
        if error.category in EXHAUSTED_ADVICE:
            advice = rules.explained(error, self.workspace) + EXHAUSTED_ADVICE[error.category]
            raise NeedsAHuman(memory.stop_reason(error, advice) or advice)
        tried = "no rule in the catalogue fixes it" if self.options.use_rules else "the rules were off (--no-rules)"
        said = rules.explained(error, self.workspace) if self.options.use_rules else ""
        raise NoFixFound(f"this is {in_words(error.category)}; {said}{tried}"
                         + (f"; {self.options.llm_note}" if self.options.llm_note else ""))

    def _try(self, proposal: Edit | Rejection, failing: Run) -> Run | None:
        """Record one attempt at the failing run's error; the run that verified it, if any."""
        error = failing.diagnosis
        if isinstance(proposal, Rejection):
            self.log(f"rejected an LLM patch: {proposal.reason}")
            self.attempts.append(Attempt(None, error, error, Verdict.REJECTED, proposal.reason))
            return None
        state = self.workspace.state_after(proposal)
        if state in self.visited:
            if not proposal.by_llm:
                return None  # a rule's candidate already tried: rules are finite, skip it
            # the model repeats itself or cycles back: a failed attempt, and no run
            earlier = self.visited[state]
            same = self._same_as(earlier, error)
            self.log(f"skipped an LLM patch: {same}")
            self.attempts.append(Attempt(proposal, error, earlier.after if earlier else self.first_error,
                                         Verdict.REPEATED, same))
            return None
        self.log(f"trying {proposal.made_by}: {proposal.reason}")
        self.workspace.apply(proposal)
        after = self.run(f"verifying fix {len(self.attempts) + 1}: {proposal.made_by}")
        after, cut_note = settle_cut(failing, after)  # a cut it did not make is said, not blamed
        after, self.notes = settle_setting(proposal.changes, after, self.notes)  # a setting it changed froze them
        if not cut_note:  # layers whose output nothing reads: by the fix? (the rerun without it, only then)
            after, cut_note = settle_unread(lambda: self._traced_without(proposal, failing), after, failing)
        self.last = after
        verdict = judge(failing, after, proposal.clears)
        self.notes += [cut_note] if cut_note and verdict == Verdict.FIXED else []
        self.attempts.append(Attempt(proposal, error, after.diagnosis, verdict, progress_note(failing, after)))
        self.visited[state] = self.attempts[-1]
        if verdict != Verdict.FIXED:
            self.workspace.revert(proposal)
        return after

    def _traced_without(self, proposal: Edit, failing: Run) -> Run:
        """The failing program once more, without the fix, under the tracer that says which layers' outputs
        it read before it crashed (once per failing run)."""
        if self.traced_failing[0] is not failing:
            self.workspace.revert(proposal)
            try:
                traced = self._rerun_with(self._run_once, "rerunning without the fix to see what it read",
                                          "trace_graph_cut")
            finally:
                self.workspace.apply(proposal)
            self.traced_failing = (failing, traced)
        return self.traced_failing[1]

    def _with_forward_origin(self, failing: Run) -> Run:
        """An error in backward names no line of the forward pass: when a matching rule needs it,
        one more run under anomaly detection says which forward operation made the tensor."""
        needed = rules.evidence_needed(failing.diagnosis)
        if failing.diagnosis.forward_origin or rules.Evidence.ANOMALY_TRACE not in needed:
            return failing
        traced = self._rerun_with(self.run, "rerunning under anomaly detection", "anomaly")
        if traced.passed or not traced.diagnosis.same_error_as(failing.diagnosis):
            return failing
        return replace(failing, diagnosis=traced.diagnosis)

    def _traced(self, failing: Run) -> Run:
        """A loss or a gradient that turns nan, or layers that get no gradient, name no line that made
        it: one more run checks each op and names the first op, and the user line, whose output or
        derivative was not finite, or that took a value off the graph before those layers."""
        setting = health.tracer_for(failing.diagnosis)
        if setting is None:
            return failing
        doing = "the first non-finite value" if setting == "trace_non_finite" else "where the graph is cut"
        traced = self._rerun_with(self._run_once, f"rerunning to find {doing}", setting)
        if traced.passed and (frozen := grad_off.frozen_by_settings(traced.health)):
            self.notes += [frozen] if frozen not in self.notes else []  # every cut is a block the program chose
            return traced
        if traced.passed or traced.diagnosis.category != failing.diagnosis.category:
            return failing
        return traced

    def _rerun_with(self, running: Callable[[str], Run], doing: str, setting: str) -> Run:
        """One more run with a boolean setting on for it alone (anomaly detection, the tracer)."""
        self.settings = replace(self.settings, **{setting: True})
        try:
            return running(doing)
        finally:
            self.settings = replace(self.settings, **{setting: False})

    def _proposals(self, failing: Run) -> Iterator[Edit | Rejection]:
        error = failing.diagnosis
        if self.options.use_rules:
            yield from rules.candidates(error, self.workspace, self._rule_failed)
        if self.options.llm is not None:
            script = self.target.script
            context = {"command": self.target.describe(), "cwd": str(self.target.cwd),
                       "script_dir": str((self.target.cwd / script).parent if script else self.target.cwd),
                       "batch_size": str(self.settings.batch_size), "batches": str(self.settings.batches),
                       "output": failing.stderr_tail}
            yield from self.options.llm.propose(error, self.workspace, context, self._outcome_of, self.deadline)

    def _rule_failed(self, rule: str, error: Exception) -> None:
        self.log(f"rule {rule} failed on this code and was skipped ({type(error).__name__}: {error})")

    def _same_as(self, earlier: Attempt | None, error: Diagnosis) -> str:
        """Which earlier attempt gave these very files, in words for the model."""
        if earlier is None:
            return "this patch puts the files back as they were before any fix"
        if not earlier.edit.by_llm:
            return f"this is the same change as the earlier attempt of the rule `{earlier.edit.rule}`"
        if earlier.error is not error:
            return "this is the same change as an earlier LLM patch made for another error"
        mine = [a for a in self.attempts if a.error is error and (a.edit is None or a.edit.by_llm)]
        return f"this is the same change as your attempt {mine.index(earlier) + 1}"

    def _outcome_of(self, edit: Edit) -> str:
        """How an LLM patch fared, in words for the model: always what really happened."""
        attempt = next(a for a in reversed(self.attempts) if a.edit is edit)
        if attempt.verdict == Verdict.REPEATED:
            earlier = self.visited[self.workspace.state_after(edit)]
            then = _result(earlier) if earlier else "the script failed with:\n" + self.first_error.error
            return f"It was not run: {attempt.note}. With those files {then}\nThat counts as a failed attempt."
        return "It was applied, but " + _result(attempt)


def _result(attempt: Attempt) -> str:
    """What the run of an attempt's files showed."""
    if attempt.verdict == Verdict.FEWER_STEPS:
        return f"the script exited 0, but {attempt.note}: that skips training instead of fixing it."
    if attempt.verdict == Verdict.CUTS_GRAPH:
        return "the script ran, but the model no longer learns:\n" + attempt.after.error
    if attempt.verdict == Verdict.FAILED_EARLIER:
        return "the script failed earlier than before, with:\n" + attempt.after.error + _at(attempt.after)
    if attempt.verdict == Verdict.SAME_ERROR:
        return "the script still fails with the same error:\n" + attempt.after.error + _at(attempt.after)
    return "the script then failed with:\n" + attempt.after.error + _at(attempt.after)


def _at(error: Diagnosis) -> str:
    where = error.location
    return f"\nat {where.file.name}:{where.line}: `{where.code}`" if where else ""


def _tail_lines(run: Run | None, count: int = 10) -> str:
    if run is None:
        return ""
    return "\n".join((run.stdout_tail.rstrip("\n").splitlines())[-count:])


def resolve(target: Target, settings: Settings, options: Options, log: Callable[[str], None],
            base: dict[Path, str] | None = None, runner: Runner | None = None,
            display: Display | None = None) -> Outcome:
    """`base`: the project's files as earlier fixes left them (the bot's branch), instead of the disk.
    `runner`: runs the script (a scripted one in tests of the loop); by default each run is forked
    from a warm server started now, and shown live on `display`."""
    if runner is not None:
        return _resolve(target, settings, options, log, base, runner, display, None)
    with warm.server_for(target.python, child_environment()) as server:
        if display and server:
            display.detail("runs fork from a warm interpreter that has imported torch once")
        runner = partial(run, watch=display, server=server)
        return _resolve(target, settings, options, log, base, runner, display, server)


def _resolve(target: Target, settings: Settings, options: Options, log: Callable[[str], None],
             base: dict[Path, str] | None, runner: Runner, display: Display | None,
             server: WarmServer | None) -> Outcome:
    started = time.monotonic()
    workspace = Workspace(target.project, base, target.args)
    session = _Session(target, settings, options, log, workspace, started + options.deadline,
                       runner, display=display, server=server)

    def outcome(status: Status, **details) -> Outcome:
        return Outcome(status, target, session.settings, tuple(session.attempts), session.runs,
                       time.monotonic() - started, dry_run=options.dry_run, to_branch=options.to_branch,
                       llm=options.llm.usage if options.llm else Usage(), notes=tuple(session.notes),
                       output_tail=_tail_lines(session.last), sandbox=session.isolation[0],
                       sandbox_note=session.isolation[1], lowered_batch_sizes=lowered,
                       health=(session.last.health if session.last and session.last.passed else {})
                       if settings.health else None, **details)

    session.visited[session.workspace.state()] = None
    if options.use_rules:
        rules.prepare(session.workspace)
    current, lowered = None, ()
    try:
        current = session.run("reproducing")
        if current.passed:
            return outcome(Status.NO_ERROR)
        session.first_error = current.diagnosis
        lowered = current.lowered_batch_sizes
        complaint = parser_complaint(current.exit_code, current.diagnosis.error_type, current.stderr_tail)
        if complaint is not None:
            raise ScriptUsage(complaint)
        while not current.passed:
            if current.diagnosis.category in STOP_REASONS:
                raise NeedsAHuman(STOP_REASONS[current.diagnosis.category])
            current = session.repair(current)
    except Stop as stop:
        lowered = current.lowered_batch_sizes if current else ()
        return outcome(Status.FAILED, last_error=current and current.diagnosis, stop_reason=str(stop),
                       script_usage=getattr(stop, "complaint", ""))
    diff = session.workspace.diff(target.cwd)
    changed = session.workspace.changed
    if options.dry_run or options.to_branch:
        return outcome(Status.SUCCESS, diff=diff, changed=changed)
    written = session.workspace.write()
    if written.problem:
        return outcome(Status.FAILED, stop_reason=f"the verified fix could not be written: {written.problem}",
                       diff=diff, changed=changed)
    return outcome(Status.SUCCESS, diff=diff, written=written.written, changed=changed)
