"""The rule contract. A rule is one module in this package that defines one subclass of `Rule`:

    class InFeatures(Rule):
        categories = ("shape.linear_in_features",)   # ids from diagnose/categories.py
        def propose(self, diagnosis, workspace):      # -> Iterator[Edit], best candidate first
            ...

The rule's name is its module's name (`module_input`); every edit it yields is stamped
with it by the catalogue. A subclass that breaks the contract (no categories, a category that
diagnosis does not define, no `propose`) raises TypeError when its module is imported."""

from __future__ import annotations

from enum import Enum
from typing import ClassVar, Iterator

from resolver.diagnose.categories import CATEGORIES
from resolver.diagnose.diagnosis import Diagnosis
from resolver.write.edits import Edit, Workspace

KNOWN_CATEGORIES = frozenset(category for category, _ in CATEGORIES)


class Evidence(Enum):
    """Facts a rule needs beyond the failing run, which the loop gathers before asking it."""

    ANOMALY_TRACE = "a rerun under torch.autograd anomaly detection, naming the forward line behind a backward error"


class Rule:
    categories: ClassVar[tuple[str, ...]]  # the Diagnosis.category ids this rule repairs
    priority: ClassVar[int] = 0  # among rules sharing a category, lower proposes first
    needs: ClassVar[frozenset[Evidence]] = frozenset()
    name: ClassVar[str]  # set from the module: never typed

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.name = cls.__module__.rsplit(".", 1)[-1]
        categories = cls.__dict__.get("categories")
        if not isinstance(categories, tuple) or not categories or not all(isinstance(c, str) for c in categories):
            raise TypeError(f"rule {cls.name}: `categories` must be a non-empty tuple of category ids")
        unknown = sorted(set(categories) - KNOWN_CATEGORIES)
        if unknown:
            raise TypeError(f"rule {cls.name}: unknown categories {unknown}; add them to diagnose/categories.py")
        if "propose" not in cls.__dict__:
            raise TypeError(f"rule {cls.name}: defines no propose(diagnosis, workspace)")
        if not isinstance(cls.priority, int) or not all(isinstance(e, Evidence) for e in cls.needs):
            raise TypeError(f"rule {cls.name}: priority is an int and needs a set of Evidence")

    def matches(self, diagnosis: Diagnosis) -> bool:
        """Whether this rule may have an edit for the diagnosis; narrow it with the facts."""
        return diagnosis.category in self.categories

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        """Minimal edits, best first; nothing when unsure. Pure: reads, never writes."""
        raise NotImplementedError

    def explain(self, diagnosis: Diagnosis, workspace: Workspace) -> str | None:
        """What the code shows about the error when no edit helped, for the stop (None: nothing)."""
        return None
