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
from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._declarations import argparse_default
from resolver.fix.rules._project import config_file_edits, edit_distance, replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call, project_sources, user_frames
from resolver.fix.rules._syntax import argument, last_name, string
from resolver.write.edits import Edit, Workspace


def _receivers(sources: list[Source], source: Source, line: int) -> set[tuple[Source, str]]:
    """Where and under which name the scheduler built on `line` is kept: the target of its assignment
    (in its file), or of each assignment from a call to the function that returns it (in that call's
    file); a same-named variable in another file is another object."""
    statement = source.statement_at(line)
    small = getattr(statement, "body", ())
    small = small[0] if isinstance(small, (list, tuple)) and len(small) == 1 else None
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        return {(source, source.code(small.targets[0].target))}
    if not isinstance(small, cst.Return):
        return set()
    function = source.function_of(statement)
    if function is None:
        return set()
    name = function.name.value
    return {(s, s.code(a.targets[0].target)) for s in sources for a in s.nodes(cst.Assign)
            if len(a.targets) == 1 and isinstance(a.value, cst.Call) and last_name(a.value.func) == name}


def _compared(test: cst.BaseExpression, source: Source) -> tuple[str, set[str]] | None:
    """`v == "step"`, `"step" == v`, `v in ("step", "batch")`: the value's code and the literals."""
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return None
    target = test.comparisons[0]
    if isinstance(target.operator, cst.Equal):
        for value, literal in ((test.left, target.comparator), (target.comparator, test.left)):
            if string(literal) is not None and string(value) is None:
                return source.code(value), {string(literal)}
    if isinstance(target.operator, cst.In) and isinstance(target.comparator, (cst.Tuple, cst.List, cst.Set)):
        literals = {string(e.value) for e in target.comparator.elements}
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
            literals = {string(c.pattern.value) for c in match.cases if isinstance(c.pattern, cst.MatchValue)}
            literals.discard(None)
            if literals:
                return source.code(match.subject), literals
        node = parent
    return None


def _key(value: str, sources: list[Source]) -> tuple[str | None, cst.BaseExpression]:
    """The setting's name and the expression that reads it: `cfg["k"]`, `cfg.get("k", ...)`, `args.k`;
    a `self.x` or name assigned once from one of those is followed to it."""
    assigned = [a.value for s in sources for a in s.nodes(cst.Assign)
                if len(a.targets) == 1 and s.code(a.targets[0].target) == value]
    expression = assigned[0] if len(assigned) == 1 else cst.parse_expression(value)
    if isinstance(expression, cst.Call) and isinstance(expression.func, cst.Attribute) \
            and expression.func.attr.value == "get" and expression.args:
        return string(expression.args[0].value), expression
    if isinstance(expression, cst.Subscript) and len(expression.slice) == 1 \
            and isinstance(expression.slice[0].slice, cst.Index):
        return string(expression.slice[0].slice.value), expression
    if isinstance(expression, cst.Attribute):
        return expression.attr.value, expression
    return None, expression


def _python_settings(sources: list[Source], key: str, read: cst.BaseExpression | None
                     ) -> list[tuple[Source, cst.SimpleString]]:
    """Where the code writes the setting `key` as a string: the default of the argparse option whose
    dest is `key`, a class-level field `key: str = "..."` (a dataclass's), the default of the
    `.get("key", "...")` the branch's value is read with (`read`), not another dict's."""
    found = []
    if method_call(read, "get") and len(read.args) == 2 and string(read.args[1].value) is not None:
        found += [(s, read.args[1].value) for s in sources if any(n is read for n in s.nodes(cst.Call))]
    for source in sources:
        for call in source.nodes(cst.Call):
            declared = argparse_default(source, call, key)
            if declared is not None and string(declared[1]) is not None:
                found.append((source, declared[1]))
        for field in source.nodes((cst.AnnAssign, cst.Assign)):
            targets = [field.target] if isinstance(field, cst.AnnAssign) else [t.target for t in field.targets]
            if isinstance(source.parents.get(source.parents.get(source.parents.get(field))), cst.ClassDef) \
                    and any(isinstance(t, cst.Name) and t.value == key for t in targets) \
                    and field.value is not None and string(field.value) is not None:
                found.append((source, field.value))
    return found


def _choices(sources: list[Source], node: cst.SimpleString) -> set[str] | None:
    """The `choices=` an argparse default `node` is declared with; None when it has none."""
    for source in sources:
        for call in source.nodes(cst.Call):
            if method_call(call, "add_argument") and any(a.value is node for a in call.args):
                declared = argument(call, 99, "choices")
                if isinstance(declared, (cst.List, cst.Tuple, cst.Set)):
                    return {string(e.value) for e in declared.elements}
    return None


def _used_elsewhere(sources: list[Source], old: str, kept: cst.CSTNode | None) -> bool:
    """The old value is a string literal of the code other than where it is written (`kept`): a branch
    or a `choices=` that takes it, which the rewrite would leave behind."""
    return any(string(n) == old and n is not kept for s in sources for n in s.nodes(cst.SimpleString))


def near_miss(value: str, literals: set[str]) -> str | None:
    """The one literal `value` misses by a plural, its case or one edit; None when it is near none or two."""
    if value in literals:
        return None

    def near(literal: str) -> bool:
        lower, want = value.lower(), literal.lower()
        return lower in (want, want + "es") or edit_distance(lower, want) <= 1

    close = [literal for literal in literals if near(literal)]
    return close[0] if len(close) == 1 else None


class _Setting:
    """What the scheduler's step() branches on: the value compared, the literals, the setting's
    name, and the places that set it to a value no branch takes (a config line's edit to "" and its
    value, or a Python string node)."""

    def __init__(self, value: str, literals: set[str], key: str | None, read: cst.BaseExpression):
        self.value, self.literals, self.key, self.read, self.wrong = value, literals, key, read, []
        self.step_files: set[Path] = set()  # the files that hold the scheduler's step() calls
        shown = " / ".join(repr(lit) for lit in sorted(literals))
        self.why = (f"(the scheduler's step() runs only under branches for {shown}: no branch took the value, so "
                    f"the scheduler never stepped and the learning rate stayed at its first factor, 0)")

    def find(self, workspace: Workspace, sources: list[Source]) -> _Setting:
        if self.key is None:
            return self
        # anchored as config_file_edits anchors its keys: `log_interval: 10` is not `interval`
        setting = re.compile(rf"(?:^|(?<=[\s{{,]))[\"']?{re.escape(self.key)}[\"']?\s*[:=]\s*[\"']?([\w.-]+)")
        written = [(e, setting.search(e.changes[0].before.splitlines()[e.line - 1]).group(1))
                   for e in config_file_edits(workspace, {self.key}, re.compile(r"[\w.-]+"), "", self.why)]
        self.wrong = [w for w in written if w[1] not in self.literals] \
            + [c for c in _python_settings(sources, self.key, self.read) if string(c[1]) not in self.literals]
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
    frame, source = next(iter(user_frames(diagnosis, workspace)), (None, None))
    if source is None:
        return None  # the frame the scheduler was built at: the innermost user frame of the diagnosis
    sources = project_sources(workspace)
    receivers = _receivers(sources, source, frame.line)
    steps = [(s, c) for s, name in receivers for c in s.nodes(cst.Call)
             if method_call(c, "step") and s.code(c.func.value) == name]
    branches = [(s, _branch_of(s, c)) for s, c in steps]
    if not steps or any(b is None for _, b in branches) or len({b[0] for _, b in branches}) != 1:
        return None
    value = branches[0][1][0]
    literals = set().union(*(b[1] for _, b in branches))
    found = _Setting(value, literals, *_key(value, sources)).find(workspace, sources)
    found.step_files = {s.path for s, _ in steps}
    return found


def _read_elsewhere(sources: list[Source], key: str, steps: set[Path]) -> bool:
    """The setting is read by name (`cfg["key"]`, `.get("key")`) in a file that holds none of the
    scheduler's steps: another script shares it, and a rewrite for this one changes that one too."""
    read = re.compile(rf"""\[\s*["']{re.escape(key)}["']\s*\]|\.get\(\s*["']{re.escape(key)}["']""")
    return any(read.search(s.module.code) for s in sources if s.path not in steps)


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
        sources = project_sources(workspace)
        where, value = found.wrong[0]
        old = value if isinstance(where, Edit) else string(value)
        if _used_elsewhere(sources, old, None if isinstance(where, Edit) else value) \
                or _read_elsewhere(sources, found.key, found.step_files):
            return  # a branch, a choices= or another script takes the old value: the rewrite would break it
        if isinstance(where, Edit):
            literal = near_miss(value, found.literals)
            if literal is not None:
                edits = config_file_edits(workspace, {found.key}, re.compile(re.escape(value)), literal, found.why)
                yield from (e for e in edits if e.file == where.file and e.line == where.line)
            return
        literal = near_miss(string(value), found.literals)
        choices = _choices(sources, value)
        if literal is None or (choices is not None and literal not in choices):
            return
        new = value.with_changes(value=f"{value.prefix}{value.quote}{literal}{value.quote}")
        line = where.line_of(value)
        reason = f"Changed {value.value} to {new.value} at {where.path.name}:{line} {found.why}"
        yield where.edit(replaced_all(where.module, {value: new}), line, reason)
