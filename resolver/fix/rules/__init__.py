"""The rule catalogue: one module per error class, found by walking this package. Each module
defines one `Rule` subclass (the contract is in _rule.py); its fixtures live in
fixtures/<module name>/."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import threading
import time
from functools import cache
from typing import Callable, Iterator

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Evidence, Rule
from resolver.write.edits import Edit, Workspace

__all__ = ["Evidence", "Rule", "all_rules", "candidates", "catalogue", "evidence_needed", "prepare"]

PREPARE_SECONDS = 3.0  # the most a background preparation parses; run 1 takes about that long
_preparing: tuple[threading.Thread, threading.Event] | None = None


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


def catalogue() -> str:
    """docs/rules.md: each rule's name, the error categories it repairs and its module's docstring
    (ruff's form: what it does, why, an example), by name; its headings one level down."""
    parts = ["# The rule catalogue\n\n",
             "Generated from the rules' docstrings by `python -m resolver.fix.rules > docs/rules.md`; each rule is\n",
             "one module in `resolver/fix/rules/`, its fixtures in `fixtures/<rule>/`.\n"]
    for rule in sorted(all_rules(), key=lambda r: r.name):
        doc = inspect.cleandoc(inspect.getmodule(rule).__doc__ or "")
        doc = "\n".join(_heading_down(doc.splitlines()))
        categories = ", ".join(f"`{c}`" for c in rule.categories)
        parts.append(f"\n## {rule.name}\n\nCategories: {categories}\n\n{doc}\n")
    return "".join(parts)


def _heading_down(lines: list[str]) -> Iterator[str]:
    """Markdown headings one level down (`## Example` -> `### Example`), code blocks as they are."""
    code = False
    for line in lines:
        code ^= line.startswith("```")
        yield "#" + line if line.startswith("#") and not code else line


def prepare(workspace: Workspace) -> None:
    """Start readying what a rule pass reads, in a thread, while run 1 goes on (its interpreter
    spends its first second importing torch on one core): the rule modules, and the project's
    files parsed with their positions, parents and qualified names, nearest first. The first rule
    pass stops it; a file it left unparsed is parsed then, as without it."""
    global _preparing
    _settle()
    enough = threading.Event()
    thread = threading.Thread(target=_prepare, args=(workspace, enough), name="prepare-rules", daemon=True)
    thread.start()
    _preparing = (thread, enough)


def _prepare(workspace: Workspace, enough: threading.Event) -> None:
    from resolver.fix.rules import _source

    until = time.monotonic() + PREPARE_SECONDS
    all_rules()
    try:
        for path in _source.project_files(workspace):
            if enough.is_set() or time.monotonic() > until:
                return
            # the parse a rule pass makes of the same text (cached by path and text); peeked, so
            # that a file the user edits during run 1 is read, and checked at the write, as edited
            source = _source.parsed(path.resolve(), workspace.peek(path))
            if source is not None:
                source.positions, source.parents, source.qualified_names(source.module)
    except (OSError, ValueError):  # a file that vanished or is not text: the rule pass says so itself
        pass


def _settle() -> None:
    """Stop a preparation in flight, after the file it is parsing: rules and it share the caches."""
    global _preparing
    if _preparing is not None:
        thread, enough = _preparing
        enough.set()
        thread.join()
        _preparing = None


def matching(diagnosis: Diagnosis) -> tuple[Rule, ...]:
    _settle()
    return tuple(rule for rule in all_rules() if rule.matches(diagnosis))


def evidence_needed(diagnosis: Diagnosis) -> frozenset[Evidence]:
    """What the loop should gather before asking the matching rules."""
    return frozenset().union(*(rule.needs for rule in matching(diagnosis)))


def explained(diagnosis: Diagnosis, workspace: Workspace) -> str:
    """What the matching rules read in the code about an error none of their edits fixed, as a
    clause before the stop's advice ("" when none says anything, or one fails on this code)."""
    for rule in matching(diagnosis):
        try:
            said = rule.explain(diagnosis, workspace)
        except Exception:  # a stop is never lost for an explanation's sake
            said = None
        if said:
            return f"{said}; "
    return ""


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
