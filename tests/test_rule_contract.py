"""The rule contract, checked for every rule in the catalogue: a rule that breaks it fails here
(or at import), never silently."""

import ast
import inspect
from itertools import combinations
from pathlib import Path

import pytest
from conftest import FIXTURES

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix import rules
from resolver.fix.rules import Evidence, Rule

RULES = rules.all_rules()


def test_every_rule_module_is_discovered_with_its_module_name():
    modules = sorted(p.stem for p in Path(rules.__file__).parent.glob("*.py") if not p.stem.startswith("_"))
    assert sorted(rule.name for rule in RULES) == modules


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_rule_has_fixtures_and_never_types_its_own_name(rule):
    assert (FIXTURES / rule.name).is_dir(), f"fixtures/{rule.name}/ is missing"
    tree = ast.parse(inspect.getsource(inspect.getmodule(rule)))
    literals = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)}
    assert rule.name not in literals, "the catalogue stamps the rule's name on its edits"


def test_the_catalogue_in_docs_is_the_one_the_rules_docstrings_give():
    written = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text()
    assert written == rules.catalogue(), "regenerate it: python -m resolver.fix.rules > docs/rules.md"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_a_rule_says_what_it_fixes_why_and_shows_it_in_ruffs_form(rule):
    doc = inspect.getmodule(rule).__doc__ or ""
    sections = ["## What it does\n", "## Why is this bad?\n", "## Example\n```python\n", "\nUse instead:\n```python\n"]
    at = [doc.find(section) for section in sections]
    assert -1 not in at and at == sorted(at), f"{rule.name}'s docstring: {' / '.join(s.strip() for s in sections)}"


def test_no_file_of_the_rules_is_over_450_lines():
    long = [p.name for p in Path(rules.__file__).parent.glob("*.py") if len(p.read_text().splitlines()) > 450]
    assert not long, "a file of several contracts is a folder waiting to happen"


def test_rules_sharing_a_category_declare_their_order():
    for first, second in combinations(RULES, 2):
        if set(first.categories) & set(second.categories):
            assert first.priority != second.priority, f"{first.name} and {second.name} share a category"


@pytest.mark.parametrize("body, complaint", [
    ({"categories": ("shape.no_such_thing",), "propose": lambda self, d, w: iter(())}, "unknown categories"),
    ({"categories": "shape.linear_in_features", "propose": lambda self, d, w: iter(())}, "non-empty tuple"),
    ({"categories": ("shape.linear_in_features",)}, "defines no propose"),
    ({"categories": ("shape.linear_in_features",), "needs": {"anomaly"},
      "propose": lambda self, d, w: iter(())}, "needs a set of Evidence"),
])
def test_a_rule_that_breaks_the_contract_fails_when_defined(body, complaint):
    with pytest.raises(TypeError, match=complaint):
        type("Broken", (Rule,), body)


def test_the_loop_asks_the_rules_what_evidence_to_gather():
    inplace = Diagnosis("RuntimeError", "one of the variables needed for gradient computation has been "
                                        "modified by an inplace operation")
    assert rules.evidence_needed(inplace) == {Evidence.ANOMALY_TRACE}
    assert rules.evidence_needed(Diagnosis("RuntimeError", "view size is not compatible with input tensor's "
                                                           "size and stride")) == frozenset()


def test_a_rule_that_raises_on_unexpected_code_is_skipped_in_a_repair_and_raises_in_tests(monkeypatch, tmp_path):
    from resolver.write.edits import Change, Edit, Workspace

    edit = Edit((Change(tmp_path / "train.py", "a", "b"),), 1, "works")

    def crash(self, diagnosis, workspace):
        raise KeyError("unexpected")
        yield

    broken = type("Broken", (Rule,), {"categories": ("shape.linear_in_features",), "priority": 0, "propose": crash})
    working = type("Working", (Rule,), {"categories": ("shape.linear_in_features",), "priority": 1,
                                        "propose": lambda self, d, w: iter([edit])})
    monkeypatch.setattr(rules, "all_rules", lambda: (broken(), working()))
    diagnosis = Diagnosis("RuntimeError", "mat1 and mat2 shapes cannot be multiplied (2x4 and 3x5)")
    failures = []
    found = list(rules.candidates(diagnosis, Workspace(tmp_path), lambda rule, error: failures.append(rule)))
    assert [e.reason for e in found] == ["works"] and len(failures) == 1
    with pytest.raises(KeyError):
        list(rules.candidates(diagnosis, Workspace(tmp_path)))


def test_a_rule_pass_during_the_background_preparation_stops_it_and_finds_the_same_edits(tmp_path):
    import threading

    import recorded
    from conftest import copy_case

    from resolver.fix.rules._source import parsed
    from resolver.write.edits import Workspace

    case = FIXTURES / "module_input" / "argparse_config"
    project = copy_case(case, tmp_path / "project").resolve()
    for n in range(60):  # more files than the pass below leaves it time to parse
        (project / f"helper_{n:02}.py").write_text("import torch\n" + "".join(
            f"def f{i}(x):\n    return torch.relu(x) * {i}\n" for i in range(80)))
    diagnosis = recorded.load((case / "diagnosis.json").read_text(), project)

    parsed.cache_clear()
    alone = [(e.rule, e.reason, e.changes) for e in rules.candidates(diagnosis, Workspace(project))]
    parsed.cache_clear()
    workspace = Workspace(project)
    rules.prepare(workspace)
    assert any(t.name == "prepare-rules" for t in threading.enumerate())
    prepared = [(e.rule, e.reason, e.changes) for e in rules.candidates(diagnosis, workspace)]
    assert not any(t.name == "prepare-rules" for t in threading.enumerate())
    assert prepared == alone and alone


def test_the_background_preparation_reads_ahead_without_taking_the_files_as_read(tmp_path):
    """A file the user edits while run 1 goes on is repaired as edited, as if nothing had read it."""
    import threading
    import time

    import recorded
    from conftest import copy_case

    from resolver.write.edits import Workspace

    case = FIXTURES / "module_input" / "argparse_config"
    project = copy_case(case, tmp_path / "project").resolve()
    diagnosis = recorded.load((case / "diagnosis.json").read_text(), project)
    workspace = Workspace(project)
    rules.prepare(workspace)
    deadline = time.monotonic() + 30
    while any(t.name == "prepare-rules" for t in threading.enumerate()) and time.monotonic() < deadline:
        time.sleep(0.01)
    edited = {}
    for path in sorted(project.rglob("*.py")):
        edited[path] = path.read_text() + "# the user's edit during run 1\n"
        path.write_text(edited[path])
    changes = [c for e in rules.candidates(diagnosis, workspace) for c in e.changes]
    assert changes and all(c.before == edited[c.file] for c in changes)
