"""scheduler_branch_value's boundary: which strings are a near miss of exactly one branch literal, and
what the stop says when no edit is sure (the branch values and where the setting is written)."""

import recorded
from conftest import FIXTURES, copy_case

from resolver.fix import rules
from resolver.fix.rules.scheduler_branch_value import near_miss
from resolver.write.edits import Workspace

BRANCHES = {"step", "epoch"}


def test_a_plural_a_case_or_one_edit_is_the_literal_it_misses():
    assert near_miss("steps", BRANCHES) == "step"
    assert near_miss("epochs", BRANCHES) == "epoch"
    assert near_miss("Step", BRANCHES) == "step"
    assert near_miss("EPOCH", BRANCHES) == "epoch"
    assert near_miss("stpe", BRANCHES) == "step"


def test_a_value_near_none_or_two_literals_or_equal_to_one_is_not_guessed():
    assert near_miss("iteration", BRANCHES) is None
    assert near_miss("batch", BRANCHES) is None
    assert near_miss("step", BRANCHES) is None
    assert near_miss("stap", {"step", "stop"}) is None


def test_the_stop_names_the_branch_values_and_where_the_setting_is_written(tmp_path):
    case = FIXTURES / "scheduler_branch_value" / "noop_interval_near_no_branch"
    project = copy_case(case, tmp_path / "project").resolve()
    diagnosis = recorded.load((case / "diagnosis.json").read_text(), project)
    said = rules.explained(diagnosis, Workspace(project))
    assert said == ("the scheduler's step() runs only when interval is 'epoch' or 'step'; scheduler_interval is "
                    "set to a value no branch takes at settings.json:4 ('iteration'); ")


def test_a_setting_one_branch_takes_gets_no_explanation_of_a_miss(tmp_path):
    case = FIXTURES / "scheduler_branch_value" / "argparse_interval_default_plural"
    project = copy_case(case, tmp_path / "project").resolve()
    (project / "train.py").write_text((case / "expected" / "train.py").read_text())
    diagnosis = recorded.load((case / "diagnosis.json").read_text(), project)
    assert rules.explained(diagnosis, Workspace(project)) == \
        "the scheduler's step() runs only when args.sched_interval is 'epoch' or 'step'; "
    assert list(rules.candidates(diagnosis, Workspace(project))) == []
