"""Every rule proven on its fixtures in milliseconds, without torch: the case's recorded diagnosis
(fixtures/<rule>/<case>/diagnosis.json) goes to the catalogue; a fix case's first candidate from
its rule must turn the project into expected/, a noop case must get no candidate at all (from
any rule: an edit that verification would revert is still a wrong edit).

The slow test runs each case's script under the probe again and checks that the recording still
matches; `pytest -m slow tests/test_rule_cases.py --record` writes the recordings anew."""

import difflib
import json
import re
import sys
from pathlib import Path

import memory_limits
import pytest
import recorded
from conftest import FIXTURES, copy_case

from resolver.diagnose import health
from resolver.diagnose.diagnosis import parse_traceback
from resolver.fix import rules
from resolver.run import warm
from resolver.run.runner import Settings, Target, child_environment, run
from resolver.target import split_launcher
from resolver.write.edits import Workspace

RULES = rules.all_rules()
# a rule's cases, and the failing cases no rule claims (fixtures/noop/ with a recording): no rule may fire on those
CASES = sorted(case for folder in [rule.name for rule in RULES] + ["noop"] for case in (FIXTURES / folder).iterdir()
               if (case / "case.json").is_file() and (folder != "noop" or (case / "diagnosis.json").is_file()))


def _spec(case: Path) -> dict:
    return json.loads((case / "case.json").read_text())


def _expected(case: Path) -> dict[str, str]:
    folder = case / "expected"
    return {p.relative_to(folder).as_posix(): p.read_text() for p in folder.rglob("*") if p.is_file()}


def _id(case: Path) -> str:
    return f"{case.parent.name}/{case.name}"


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_recorded_diagnosis(case, tmp_path):
    project = copy_case(case, tmp_path / "project").resolve()
    assert (case / "diagnosis.json").is_file(), "record it: pytest -m slow tests/test_rule_cases.py --record"
    diagnosis = recorded.load((case / "diagnosis.json").read_text(), project)
    edits = list(rules.candidates(diagnosis, Workspace(project, arguments=tuple(_spec(case)["run"][1:]))))
    if _spec(case)["status"] != "SUCCESS":
        assert [e.reason for e in edits] == [], "a noop case must get no candidate"
        return
    ours = [e for e in edits if e.rule == case.parent.name]
    assert ours, f"{case.parent.name} proposed nothing"
    after = {change.file.relative_to(project).as_posix(): change.after for change in ours[0].changes}
    expected = _expected(case)
    if _spec(case).get("steps", 1) == 1:
        assert after == expected, ours[0].reason
    else:  # the rule's edit is the first of several fixes (each a verified run end to end)
        for name, text in after.items():
            made = _diff_lines((case / name).read_text(), text)
            assert made and made <= _diff_lines((case / name).read_text(), expected[name]), ours[0].reason


def _diff_lines(before: str, after: str, context: int = 0) -> frozenset[str]:
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), n=context, lineterm="")
    return frozenset(line.strip() for line in diff if not line.startswith(("---", "+++", "@@")))


def _fix(case: Path) -> frozenset[str]:
    """The fix with a line of context around each change: the same edit in another setting
    is another style, the same case under another name is not."""
    return frozenset().union(*(_diff_lines((case / name).read_text(), text, 1)
                               for name, text in _expected(case).items()))


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_every_rule_has_two_fix_styles_and_a_noop_case(rule):
    cases = [c for c in CASES if c.parent.name == rule.name]
    fixes = [c for c in cases if _spec(c)["status"] == "SUCCESS"]
    assert len(fixes) >= 2, "a rule needs at least two fix cases"
    assert len({_fix(c) for c in fixes}) == len(fixes), "fix cases must differ in style, not only in name"
    assert len(cases) - len(fixes) >= 1, "a rule needs a noop case, where it must not fire"


@pytest.mark.parametrize("case", [c for c in CASES if c.parent.name != "noop" and _spec(c)["status"] != "SUCCESS"],
                         ids=_id)
def test_a_noop_case_reaches_its_own_rule(case, tmp_path):
    """A noop case the rule never sees proves nothing about it: it belongs to the rule it reaches."""
    rule = next(r for r in RULES if r.name == case.parent.name)
    diagnosis = recorded.load((case / "diagnosis.json").read_text(), copy_case(case, tmp_path / "project").resolve())
    assert rule.matches(diagnosis), f"{rule.name} does not match {diagnosis.category}: move the case to its rule"


@pytest.fixture(scope="module")
def warm_server():
    """One warm interpreter for every recording, as one repair uses one for all its runs; its allocator
    is the steady one the memory cases run in (tests/memory_limits.py)."""
    with warm.server_for(sys.executable, {**child_environment(), **memory_limits.STEADY_ALLOCATOR}) as server:
        yield server


def _diagnose(case: Path, project: Path, server=None):
    """The diagnosis the loop hands the rules for this case: the recorded traceback parsed, or
    the probe's smoke run, rerun under anomaly detection when a matching rule needs that."""
    spec = _spec(case)
    if spec.get("recorded"):
        return parse_traceback((project / spec["recorded"]).read_text().replace("{project}", str(project)), project)
    launched = split_launcher(spec["run"])  # a distributed case: torchrun's ranks under the probe
    program = launched[2] if launched else spec["run"]
    target = Target(project / program[0], None, tuple(program[1:]), project, project, sys.executable,
                    (launched[0], *launched[1]) if launched else ())
    if spec.get("memory_limit"):  # run under a real limit, the forecast confirmed as the loop does
        found = memory_limits.diagnose(target, spec["memory_limit"], server)
        assert found is not None, "the case fits in its memory limit"
        return found
    failing = run(target, Settings(), {}, server=server)
    if failing.passed and (unhealthy := health.verdict(failing.health)):  # it exits 0 but does not train
        if tracer := health.tracer_for(unhealthy):  # the loop's rerun for the first non-finite value, or cut
            unhealthy = health.verdict(run(target, Settings(**{tracer: True}), {}, server=server).health)
        return unhealthy
    assert not failing.passed, failing.stderr_tail
    if rules.Evidence.ANOMALY_TRACE in rules.evidence_needed(failing.diagnosis):
        traced = run(target, Settings(anomaly=True), {}, server=server)
        assert traced.diagnosis.same_error_as(failing.diagnosis)
        return traced.diagnosis
    return failing.diagnosis


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=_id)
def test_recorded_diagnosis_matches_the_probe(case, tmp_path, request, warm_server):
    project = copy_case(case, tmp_path / "project").resolve()
    fresh = recorded.dump(_diagnose(case, project, warm_server), project)
    if request.config.getoption("--record"):
        (case / "diagnosis.json").write_text(fresh)
    same = _where_memory_ran_out if _spec(case).get("memory_limit") else _sameness
    assert same(json.loads((case / "diagnosis.json").read_text())) == same(json.loads(fresh))


def _where_memory_ran_out(data):
    """A run held to a memory limit meets it at one allocation of a statement or the next by a few KiB
    of address space (the bare torch baseline itself moves by 8 KiB run to run): the statements of the
    user's code it ran out in are the same run to run; the library's frames below them, the module
    running and the allocator's words (std::bad_alloc or its own) are not."""
    kept = _sameness({key: value for key, value in data.items() if key not in ("modules", "message")})
    kept["frames"] = [frame for frame in kept.get("frames") or [] if frame["file"].startswith("{project}")]
    return kept


RANDOM_VALUES = ("min", "max", "unique")  # of tensors drawn at random by the fixture, unseeded


def _sameness(data):
    """A recording, less what varies from run to run: the numbers in the message (a shuffled
    loader's sizes) and the value range of tensors the fixture draws at random."""
    if isinstance(data, list):
        return [_sameness(item) for item in data]
    if not isinstance(data, dict):
        return data
    # a health verdict's summary holds the run's losses and norms: its message and location say what it found
    # so do a memory verdict's figures: its message and the forecast's presence say what it found
    kept = {key: _sameness(value) for key, value in data.items()
            if key not in RANDOM_VALUES and key not in ("health", "memory")}
    if "memory" in data and "steps" in data["memory"]:
        kept["forecast"] = "forecast" in data["memory"]
    if isinstance(kept.get("message"), str):
        kept["message"] = re.sub(r"\d+", "N", kept["message"])
    if isinstance(kept.get("kept_graphs"), dict):  # the batches run before memory ran out vary; the containers do not
        kept["kept_graphs"] = sorted(kept["kept_graphs"])
    # which rank raises first is a race when every rank meets the error (each writes the same file):
    # how many ranks failed, and that one did first, is what is the same run to run
    if isinstance(kept.get("ranks"), list):
        kept["ranks"] = (len(kept["ranks"]), any("first" in line or "the same way" in line for line in kept["ranks"]))
    return kept
