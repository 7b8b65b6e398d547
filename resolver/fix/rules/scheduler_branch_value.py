"""A setting that picks when a scheduler steps matches one of the values its branches compare with.

## What it does
Where a run's learning rate is 0 at every step because the scheduler built over the optimizer set
it to its first factor (a warm-up's 0) and never stepped, and every `.step()` of that scheduler in
the project sits under a branch that compares one value with string literals (an if/elif chain or
a match), and that value is set in one place (a config file's key, an argparse default, a class
field such as a dataclass's) to a string that matches none of the literals but is a near miss of
exactly one of them (a plural, a case difference, one edit), the setting is changed to that
literal where it is written. Anything less sure (two places that set it, a value near none or
near two of the literals) gets nothing: the stop names the scheduler and the rate.

## Why is this bad?
A branch like `if self.interval == "step": scheduler.step()` takes no branch for `"steps"`: the
scheduler never steps, a linear warm-up's first factor (0) stays the learning rate for the whole
run, and no parameter moves, with no error anywhere.

## Example
```python
parser.add_argument("--sched-interval", default="epochs")
...
if args.sched_interval == "epoch":
    scheduler.step()
```

Use instead:
```python
parser.add_argument("--sched-interval", default="epoch")
```

The same for a config file's `interval: steps` read by `if cfg["interval"] == "step"`: it becomes
`interval: step`."""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import config_file_edits, edit_distance, replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, project_sources, user_frames
from resolver.write.edits import Edit, Workspace


def _receivers(sources: list[Source], source: Source, line: int) -> set[str]:
    """The names the scheduler built on `line` is kept under: the target of its assignment, or of
    each assignment from a call to the function that returns it."""
    statement = source.statement_at(line)
    small = getattr(statement, "body", ())
    small = small[0] if isinstance(small, (list, tuple)) and len(small) == 1 else None
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        return {source.code(small.targets[0].target)}
    if not isinstance(small, cst.Return):
        return set()
    function = source.function_of(statement)
    if function is None:
        return set()
    name = function.name.value
    return {s.code(a.targets[0].target) for s in sources for a in s.nodes(cst.Assign)
            if len(a.targets) == 1 and isinstance(a.value, cst.Call) and _called(a.value) == name}


def _called(call: cst.Call) -> str | None:
    func = call.func
    return func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else None


def _string(node: cst.CSTNode) -> str | None:
    return node.evaluated_value if isinstance(node, cst.SimpleString) else None


def _compared(test: cst.BaseExpression, source: Source) -> tuple[str, set[str]] | None:
    """`v == "step"`, `"step" == v`, `v in ("step", "batch")`: the value's code and the literals."""
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return None
    target = test.comparisons[0]
    if isinstance(target.operator, cst.Equal):
        for value, literal in ((test.left, target.comparator), (target.comparator, test.left)):
            if _string(literal) is not None and _string(value) is None:
                return source.code(value), {_string(literal)}
    if isinstance(target.operator, cst.In) and isinstance(target.comparator, (cst.Tuple, cst.List, cst.Set)):
        literals = {_string(e.value) for e in target.comparator.elements}
        if None not in literals:
            return source.code(test.left), literals
    return None


def _chain(source: Source, branch: cst.If) -> list[cst.If]:
    """The if/elif chain `branch` belongs to, from its `if`."""
    while isinstance(source.parents.get(branch), cst.If) and source.parents[branch].orelse is branch:
        branch = source.parents[branch]
    chain = [branch]
    while isinstance(chain[-1].orelse, cst.If):
        chain.append(chain[-1].orelse)
    return chain


def _branch_of(source: Source, call: cst.Call) -> tuple[str, set[str]] | None:
    """The innermost branch that holds the call and compares one value with string literals: the
    value's code and every literal its if/elif chain or match compares it with."""
    node = call
    while node is not None:
        parent = source.parents.get(node)
        if isinstance(parent, cst.If) and node is parent.body:
            found = _compared(parent.test, source)
            if found is not None:
                literals = set()
                for branch in _chain(source, parent):
                    other = _compared(branch.test, source)
                    literals |= other[1] if other and other[0] == found[0] else set()
                return found[0], literals
        if isinstance(parent, cst.MatchCase) and isinstance(source.parents.get(parent), cst.Match):
            match = source.parents[parent]
            literals = {_string(c.pattern.value) for c in match.cases if isinstance(c.pattern, cst.MatchValue)}
            literals.discard(None)
            if literals:
                return source.code(match.subject), literals
        node = parent
    return None


def _key(source: Source, value: str, sources: list[Source]) -> str | None:
    """The setting's name: `cfg["k"]`, `cfg.get("k", ...)`, `args.k`; a `self.x` or name assigned
    once from one of those is followed to it."""
    assigned = [a.value for s in sources for a in s.nodes(cst.Assign)
                if len(a.targets) == 1 and s.code(a.targets[0].target) == value]
    expression = assigned[0] if len(assigned) == 1 else cst.parse_expression(value)
    if isinstance(expression, cst.Call) and isinstance(expression.func, cst.Attribute) \
            and expression.func.attr.value == "get" and expression.args:
        return _string(expression.args[0].value)
    if isinstance(expression, cst.Subscript) and len(expression.slice) == 1 \
            and isinstance(expression.slice[0].slice, cst.Index):
        return _string(expression.slice[0].slice.value)
    if isinstance(expression, cst.Attribute):
        return expression.attr.value
    return None


def _python_settings(sources: list[Source], key: str) -> list[tuple[Source, cst.SimpleString]]:
    """Where the code writes the setting `key` as a string: an argparse default of `--key` (or
    `--the-key`), a class-level field `key: str = "..."` (a dataclass's), a `.get("key", "...")` default."""
    flags = {f"--{key}", f"--{key.replace('_', '-')}"}
    found = []
    for source in sources:
        for call in source.nodes(cst.Call):
            flag = any(_string(a.value) in flags for a in call.args if a.keyword is None)
            if _called(call) == "add_argument" and flag:
                found += [(source, a.value) for a in call.args if a.keyword and a.keyword.value == "default"
                          and _string(a.value) is not None]
            elif _called(call) == "get" and len(call.args) == 2 and _string(call.args[0].value) == key \
                    and _string(call.args[1].value) is not None:
                found.append((source, call.args[1].value))
        for field in source.nodes((cst.AnnAssign, cst.Assign)):
            targets = [field.target] if isinstance(field, cst.AnnAssign) else [t.target for t in field.targets]
            if isinstance(source.parents.get(source.parents.get(source.parents.get(field))), cst.ClassDef) \
                    and any(isinstance(t, cst.Name) and t.value == key for t in targets) \
                    and field.value is not None and _string(field.value) is not None:
                found.append((source, field.value))
    return found


def near_miss(value: str, literals: set[str]) -> str | None:
    """The one literal `value` misses by a plural, its case or one edit; None when it is near none or two."""
    if value in literals:
        return None

    def near(literal: str) -> bool:
        lower, want = value.lower(), literal.lower()
        return lower == want or lower in (want + "s", want + "es") or edit_distance(lower, want) <= 1

    close = [literal for literal in literals if near(literal)]
    return close[0] if len(close) == 1 else None


class _Setting:
    """What the scheduler's step() branches on: the value compared, the literals, the setting's
    name, and the places that set it to a value no branch takes (a config line's edit to "" and its
    value, or a Python string node)."""

    def __init__(self, value: str, literals: set[str], key: str | None):
        self.value, self.literals, self.key, self.wrong = value, literals, key, []
        shown = " / ".join(repr(lit) for lit in sorted(literals))
        self.why = (f"(the scheduler's step() runs only under branches for {shown}: no branch took the value, so "
                    f"the scheduler never stepped and the learning rate stayed at its first factor, 0)")

    def find(self, workspace: Workspace, sources: list[Source]) -> _Setting:
        if self.key is None:
            return self
        setting = re.compile(rf"{re.escape(self.key)}[\"']?\s*[:=]\s*[\"']?([\w.-]+)")
        written = [(e, setting.search(e.changes[0].before.splitlines()[e.line - 1]).group(1))
                   for e in config_file_edits(workspace, {self.key}, re.compile(r"[\w.-]+"), "", self.why)]
        self.wrong = [w for w in written if w[1] not in self.literals] \
            + [c for c in _python_settings(sources, self.key) if _string(c[1]) not in self.literals]
        return self

    def described(self) -> str:
        shown = " or ".join(repr(lit) for lit in sorted(self.literals))
        text = f"the scheduler's step() runs only when {self.value} is {shown}"
        sites = [f"{e.file.name}:{e.line} ({w!r})" if isinstance(e, Edit)
                 else f"{e.path.name}:{e.line_of(w)} ({w.value})" for e, w in self.wrong]
        if sites:
            text += f"; {self.key} is set to a value no branch takes at {', '.join(sites)}"
        return text


def _setting(diagnosis: Diagnosis, workspace: Workspace) -> _Setting | None:
    """The setting every step() of the scheduler the diagnosis was built at branches on; None when
    one of them runs outside such a branch, or they branch on different values."""
    for frame, source in user_frames(diagnosis, workspace):
        sources = project_sources(workspace)
        receivers = _receivers(sources, source, frame.line)
        steps = [(s, c) for s in sources for c in s.nodes(cst.Call)
                 if isinstance(c.func, cst.Attribute) and c.func.attr.value == "step"
                 and s.code(c.func.value) in receivers]
        branches = [(s, _branch_of(s, c)) for s, c in steps]
        if not steps or any(b is None for _, b in branches) or len({b[0] for _, b in branches}) != 1:
            return None
        value = branches[0][1][0]
        literals = set().union(*(b[1] for _, b in branches))
        return _Setting(value, literals, _key(branches[0][0], value, sources)).find(workspace, sources)
    return None


class SchedulerBranchValue(Rule):
    categories = ("health.lr_held_at_zero",)

    def explain(self, diagnosis: Diagnosis, workspace: Workspace) -> str | None:
        found = _setting(diagnosis, workspace)
        return found and found.described()

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        """The one place that sets the value to one no branch takes, set to the literal it nearly is."""
        found = _setting(diagnosis, workspace)
        if found is None or len(found.wrong) != 1:
            return
        where, value = found.wrong[0]
        if isinstance(where, Edit):
            literal = near_miss(value, found.literals)
            if literal is not None:
                edits = config_file_edits(workspace, {found.key}, re.compile(re.escape(value)), literal, found.why)
                yield from (e for e in edits if e.file == where.file and e.line == where.line)
            return
        literal = near_miss(_string(value), found.literals)
        if literal is None:
            return
        new = value.with_changes(value=f"{value.prefix}{value.quote}{literal}{value.quote}")
        line = where.line_of(value)
        reason = f"Changed {value.value} to {new.value} at {where.path.name}:{line} {found.why}"
        yield where.edit(replaced_all(where.module, {value: new}), line, reason)
