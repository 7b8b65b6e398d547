"""The probe's report schema, both sides in-process: what probe.py writes (loaded by path, as the
user's interpreter runs it) is what diagnosis.py reads; another version or the probe's own failure
reaches the Diagnosis, the report and the loop's stop reason, never "no rule fixes it"."""

import importlib.util
import json
import sys
from dataclasses import replace

import recorded
from conftest import copy_case
from test_loop import TRANSPOSE

from resolver import report
from resolver.diagnose.diagnosis import Diagnosis
from resolver.loop import Options, resolve
from resolver.run.probe import schema
from resolver.run.runner import PROBE, Run, Settings, Target

CRASH = {"outcome": "exception", "versions": {}, "lowered_batch_sizes": [], "counters": {},
         "error_type": "KeyError", "message": "'lr'"}


def _probe_module():
    """probe.py as the user's interpreter loads it: by path, with only its neighbours."""
    spec = importlib.util.spec_from_file_location("_probe_under_test", PROBE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _written(probe, tmp_path, content: dict) -> dict:
    probe.write(tmp_path / "report.json", dict(content))
    return json.loads((tmp_path / "report.json").read_text())


def test_the_probe_writes_the_version_resolve_reads(tmp_path):
    written = _written(_probe_module(), tmp_path, CRASH)
    assert written[schema.VERSION_KEY] == schema.VERSION and schema.problem(written) == ""
    diagnosis = Diagnosis.from_probe(written)
    assert (diagnosis.error_type, diagnosis.probe_error) == ("KeyError", "")


def test_the_probes_own_failures_reach_the_diagnosis(tmp_path):
    probe = _probe_module()
    probe.failed("recording where a Net was built", AttributeError("'NoneType' object has no attribute 'startswith'"))
    written = _written(probe, tmp_path, CRASH)
    assert Diagnosis.from_probe(written).probe_error == (
        "recording where a Net was built: AttributeError: 'NoneType' object has no attribute 'startswith'")


def test_another_version_or_a_missing_key_is_a_probe_error_not_facts(tmp_path):
    frames = [{"file": str(tmp_path / "train.py"), "line": 3, "function": "f", "user": True}]
    stale = Diagnosis.from_probe({**CRASH, schema.VERSION_KEY: schema.VERSION + 1, "frames": frames})
    assert stale.error == "KeyError: 'lr'" and stale.frames == ()
    assert stale.probe_error == (f"the probe wrote report version {schema.VERSION + 1}, "
                                 f"this resolve reads version {schema.VERSION}")
    unversioned = Diagnosis.from_probe(CRASH)
    assert unversioned.probe_error.startswith("the probe wrote report version None")
    short = {key: value for key, value in CRASH.items() if key != "message"}
    assert (schema.problem({**short, schema.VERSION_KEY: schema.VERSION})
            == "the probe's 'exception' report lacks message")
    assert schema.problem({schema.VERSION_KEY: schema.VERSION, "outcome": "crashed"}) == \
        "the probe wrote an unknown outcome 'crashed'"


def _resolve_unknown_error(tmp_path, probe_error: str):
    """The loop on an error no rule knows, whose diagnosis carries `probe_error`."""
    project = copy_case(TRANSPOSE, tmp_path / "project").resolve()
    failing = replace(recorded.load((TRANSPOSE / "diagnosis.json").read_text(), project),
                      error_type="KeyError", message="'lr'", modules=(), probe_error=probe_error)
    target = Target(project / "train.py", None, (), project, project, sys.executable)
    outcome = resolve(target, Settings(), Options(dry_run=True), lambda _: None,
                      runner=lambda *_: Run(1, failing, 0.0, {}))
    return [report.Report("train.py", project, outcome)]


def test_a_probe_failure_stops_the_loop_as_the_probes_fault(tmp_path):
    reports = _resolve_unknown_error(tmp_path, "gathering the error's facts: TypeError: boom")
    data = report.as_json(reports)
    assert data["status"] == "FAILED"
    assert data["stop_reason"] == "the probe failed: gathering the error's facts: TypeError: boom"
    assert data["last_error"]["probe_error"] == "gathering the error's facts: TypeError: boom"
    assert "Reason: the probe failed: gathering the error's facts" in report.text(reports)


def test_without_a_probe_failure_no_rule_matches_is_said(tmp_path):
    data = report.as_json(_resolve_unknown_error(tmp_path / "plain", ""))
    assert "no rule in the catalogue fixes it" in data["stop_reason"] and "probe_error" not in data["last_error"]
