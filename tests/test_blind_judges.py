"""The blind benchmark's two judges beside "root" and "size" (benchmarks/blind.py): the perturbations
a case carries (settings a user would change, under which the human's fix still runs) and the
maintainer's verdicts kept in benchmarks/blind/review.json. Pure logic and the corpus's own data;
whether the human's fixes really run under their perturbations is benchmarks/check_perturbations.py."""

import json
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
import blind  # noqa: E402  (a script folder, not a package)

CASES = sorted(p.parent for p in (BENCHMARKS / "blind").glob("*/*/case.json"))
PERTURBED = [(case, json.loads((case / "case.json").read_text())) for case in CASES]
PERTURBED = [(case, spec) for case, spec in PERTURBED if "perturb" in spec]


def test_a_perturbation_changes_a_copy_and_leaves_the_project(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / "config.py").write_text("hidden = 32\nwindow = 24\n")
    copy = blind.perturbed(project, {"name": "wider", "files": {"config.py": [["hidden = 32", "hidden = 64"]]}})
    assert (copy / "config.py").read_text() == "hidden = 64\nwindow = 24\n"
    assert (project / "config.py").read_text() == "hidden = 32\nwindow = 24\n"


@pytest.mark.parametrize("text", ["hidden = 16\n", "hidden = 32\nhidden = 32\n"])
def test_a_perturbation_whose_setting_is_not_there_once_is_refused(tmp_path, text):
    project = tmp_path / "project"
    project.mkdir()
    (project / "config.py").write_text(text)
    with pytest.raises(ValueError, match="not once"):
        blind.perturbed(project, {"name": "wider", "files": {"config.py": [["hidden = 32", "hidden = 64"]]}})


def test_a_verdict_counts_only_for_the_diff_it_reviewed():
    rows = [{"key": "dev/a", "fixed": True, "diff_sha": "1"}, {"key": "dev/b", "fixed": True, "diff_sha": "2"},
            {"key": "dev/c", "fixed": True, "diff_sha": "3"}, {"key": "dev/d", "fixed": False, "diff_sha": "4"}]
    review = {"dev/a": {"verdict": "same", "diff_sha": "1"}, "dev/b": {"verdict": "brittle", "diff_sha": "2"},
              "dev/c": {"verdict": "same", "diff_sha": "old"}, "dev/d": {"verdict": "wrong", "diff_sha": "4"}}
    assert blind.review_counts(rows, review) == "same 1, ok 0, brittle 1, symptom 0, wrong 0, unreviewed 1"


@pytest.mark.parametrize("case, spec", PERTURBED, ids=[f"{c.parent.name}/{c.name}" for c, _ in PERTURBED])
def test_each_perturbation_names_a_setting_of_the_broken_project(case, spec):
    """Its old text is in the broken project once (a setting, not the human's fix), and it changes
    something; a replacement run keeps the case's script."""
    for perturbation in spec["perturb"]:
        assert perturbation["files"] or perturbation.get("run"), perturbation["name"]
        if "run" in perturbation:
            assert perturbation["run"][:1] == spec["run"][:1] and perturbation["run"] != spec["run"]
        for relative, replacements in perturbation["files"].items():
            text = (case / relative).read_text()
            for old, new in replacements:
                assert text.count(old) == 1 and old != new, (perturbation["name"], relative, old)


def test_the_review_names_real_fixes_with_known_verdicts():
    review = json.loads(blind.REVIEW.read_text())
    names = {f"{c.parent.name}/{c.name}" for c in CASES}
    for key, entry in review.items():
        assert key in names, key
        assert entry["verdict"] in blind.VERDICTS and entry["why"] and entry["diff_sha"] and entry["commit"], key
