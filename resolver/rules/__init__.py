"""The rule catalogue: one module per error class, found by walking this package. Each module
defines one `Rule` subclass (the contract is in _rule.py); its fixtures live in
fixtures/<module name>/."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from functools import cache
from typing import Callable, Iterator

from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Evidence, Rule

__all__ = ["Evidence", "Rule", "all_rules", "candidates", "evidence_needed"]


@cache
def all_rules() -> tuple[Rule, ...]:
    """One instance of each rule module's Rule, by (priority, name)."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        defined = [v for v in vars(module).values()
                   if isinstance(v, type) and issubclass(v, Rule) and v.__module__ == module.__name__]
        if len(defined) != 1:
            raise TypeError(f"rule module {info.name} must define exactly one Rule subclass, found {len(defined)}")
        found.append(defined[0]())
    return tuple(sorted(found, key=lambda rule: (rule.priority, rule.name)))


def matching(diagnosis: Diagnosis) -> tuple[Rule, ...]:
    return tuple(rule for rule in all_rules() if rule.matches(diagnosis))


def evidence_needed(diagnosis: Diagnosis) -> frozenset[Evidence]:
    """What the loop should gather before asking the matching rules."""
    return frozenset().union(*(rule.needs for rule in matching(diagnosis)))


def candidates(diagnosis: Diagnosis, workspace: Workspace,
               failed: Callable[[str, Exception], None] | None = None) -> Iterator[Edit]:
    """Every matching rule's edits for this diagnosis, each stamped with its rule's name. A rule
    that raises on code it did not expect is skipped when `failed` is given (the user's repair goes
    on to the next rule or the model), and raises otherwise (tests see the bug)."""
    for rule in matching(diagnosis):
        try:
            for edit in rule.propose(diagnosis, workspace):
                yield dataclasses.replace(edit, rule=rule.name)
        except Exception as error:
            if failed is None:
                raise
            failed(rule.name, error)
