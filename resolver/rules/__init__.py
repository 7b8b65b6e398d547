"""The rule catalogue: one module per error class, found by walking this package.

A rule module defines

    CATEGORY = "shape.linear_in_features"      # the Diagnosis.category it repairs (or a tuple)
    def propose(diagnosis, workspace):          # -> Iterator[Edit], best candidate first
        ...

`propose` reads the diagnosis' runtime facts and the workspace's current texts and yields
minimal edits; when it is unsure it yields nothing. Its fixtures live in fixtures/<module name>/.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache
from typing import Callable, Iterator

from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace


@dataclass(frozen=True)
class Rule:
    name: str
    categories: tuple[str, ...]
    propose: Callable[[Diagnosis, Workspace], Iterator[Edit]]


@cache
def all_rules() -> tuple[Rule, ...]:
    rules = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        category = module.CATEGORY
        rules.append(Rule(info.name, category if isinstance(category, tuple) else (category,), module.propose))
    return tuple(rules)


def candidates(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """Every rule's edits for this diagnosis, in catalogue order."""
    for rule in all_rules():
        if diagnosis.category in rule.categories:
            yield from rule.propose(diagnosis, workspace)
