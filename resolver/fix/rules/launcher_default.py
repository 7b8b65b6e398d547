"""## What it does
Makes a plain `python train.py` take the single-process path the script already offers: when a
launcher variable is read with a default (`int(os.environ.get("LOCAL_RANK", 0))`) and the branch
that calls `init_process_group` is chosen by comparing it with a sentinel (`if LOCAL_RANK != -1:`),
the default becomes the value that takes the other branch (`-1`), as the script's own test says.
The variable may be an attribute (`self.local_rank`, `args.rank`), and the test a flag the file
sets once from that comparison (`self.distributed = self.local_rank != -1`, then `if
self.distributed:`).
When the helper that calls `init_process_group` sets the project's flag for it unconditionally
(`args.distributed = True`) while the rest of the project branches on that flag (`if
args.distributed:`), the helper first returns with the flag off when no launcher set RANK and
WORLD_SIZE (the DETR-style "not using distributed mode"). A script with neither is not edited: it
is run with torchrun.

## Why is this bad?
`environment variable RANK expected, but not set`: torchrun sets RANK, WORLD_SIZE, LOCAL_RANK and
the rendezvous address; run plainly, none is set, so the variable takes its default. A default
that the script's own test reads as "launched" sends a single process into `init_process_group`
with nothing to meet.

## Example
```python
LOCAL_RANK = int(os.environ.get("LOCAL_RANK", 0))
if LOCAL_RANK != -1:
    dist.init_process_group("gloo")
```

Use instead:
```python
LOCAL_RANK = int(os.environ.get("LOCAL_RANK", -1))
if LOCAL_RANK != -1:
    dist.init_process_group("gloo")
```
"""

from __future__ import annotations

import operator
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, project_sources
from resolver.fix.rules._syntax import own_nodes
from resolver.write.edits import Edit, Workspace

LAUNCHER_VARIABLES = {"LOCAL_RANK", "RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE"}
ENVIRON_GET = {"os.environ.get", "os.getenv"}
INIT = {"torch.distributed.init_process_group", "torch.distributed.distributed_c10d.init_process_group"}
COMPARE = {cst.Equal: operator.eq, cst.NotEqual: operator.ne, cst.GreaterThan: operator.gt,
           cst.GreaterThanEqual: operator.ge, cst.LessThan: operator.lt, cst.LessThanEqual: operator.le}


def _integer(node: cst.BaseExpression) -> int | None:
    """An integer literal, signed, or a string literal holding one."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _integer(node.expression)
        return -inner if inner is not None else None
    if isinstance(node, cst.Integer):
        return int(node.value)
    if isinstance(node, cst.SimpleString) and node.evaluated_value.lstrip("-").isdigit():
        return int(node.evaluated_value)
    return None


def _defaults(source: Source) -> dict[str, cst.Arg]:
    """Name -> the default argument of the launcher variable assigned to it (`X = int(os.environ.get("RANK", 0))`,
    `self.local_rank = ...`): the name as written, attribute included."""
    found = {}
    for assign in source.nodes(cst.Assign, lambda a: len(a.targets) == 1
                               and isinstance(a.targets[0].target, (cst.Name, cst.Attribute))):
        for call in source.nodes(cst.Call, lambda c: source.within(c, assign) and source.calls(c, ENVIRON_GET)):
            key, default = argument(call, 0, "key"), argument(call, 1, "default")
            if key is not None and default is not None and isinstance(key.value, cst.SimpleString) \
                    and key.value.evaluated_value in LAUNCHER_VARIABLES and _integer(default.value) is not None:
                found[source.code(assign.targets[0].target)] = default
    return found


def _flag_test(source: Source, test: cst.BaseExpression) -> cst.BaseExpression:
    """The comparison behind a flag the branch tests (`self.distributed = self.local_rank != -1` for
    `if self.distributed:`) when the file assigns the flag once; else the test itself."""
    if not isinstance(test, (cst.Name, cst.Attribute)):
        return test
    name = source.code(test)
    values = [a.value for a in source.nodes(cst.Assign, lambda a: len(a.targets) == 1)
              if source.code(a.targets[0].target) == name]
    return values[0] if len(values) == 1 and isinstance(values[0], cst.Comparison) else test


def _sentinel(source: Source, test: cst.BaseExpression, name: str, wanted: bool) -> int | None:
    """The value of `name` for which `test` (`name != -1`, `name > 1`) is `wanted`: the literal
    itself first, then its neighbours."""
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 \
            or not isinstance(test.left, (cst.Name, cst.Attribute)) or source.code(test.left) != name:
        return None
    target = test.comparisons[0]
    literal, compare = _integer(target.comparator), COMPARE.get(type(target.operator))
    if literal is None or compare is None:
        return None
    for value in (literal, literal - 1, literal + 1):
        if compare(value, literal) == wanted:
            return value
    return None


def _forced_flag(source: Source, init: cst.Call) -> cst.SimpleStatementLine | None:
    """`args.distributed = True` in the function's own block ahead of the init call it makes
    unconditionally."""
    function = source.function_of(init)
    if function is None or source.enclosing(init, (cst.If, cst.For, cst.While, cst.Try)) is not None \
            and source.within(source.enclosing(init, (cst.If, cst.For, cst.While, cst.Try)), function):
        return None
    for statement in function.body.body:
        if source.line_of(statement) > source.line_of(init):
            break
        if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
                and isinstance(assign := statement.body[0], cst.Assign) and len(assign.targets) == 1 \
                and isinstance(assign.value, cst.Name) and assign.value.value == "True" \
                and isinstance(assign.targets[0].target, (cst.Attribute, cst.Name)):
            return statement
    return None


def _flag_read(workspace: Workspace, flag: cst.BaseExpression) -> bool:
    """Some `if` in the project tests the flag: the single-process path the script offers."""
    name = flag.attr.value if isinstance(flag, cst.Attribute) else flag.value
    for source in project_sources(workspace):
        for branch in source.nodes((cst.If, cst.IfExp)):
            test = branch.test
            if isinstance(test, cst.UnaryOperation):
                test = test.expression
            if isinstance(test, cst.Attribute) and test.attr.value == name or \
                    isinstance(test, cst.Name) and test.value == name:
                return True
    return False


def _not_launched(source: Source, statement: cst.SimpleStatementLine) -> str:
    """The module with a return, flag off, ahead of `statement` when RANK or WORLD_SIZE is not set."""
    flag = source.code(statement.body[0].targets[0].target)
    guard = cst.parse_statement(f'if "RANK" not in os.environ or "WORLD_SIZE" not in os.environ:\n'
                                f"    {flag} = False\n    return\n")
    return source.replaced(statement, cst.FlattenSentinel([guard.with_changes(leading_lines=statement.leading_lines),
                                                          statement.with_changes(leading_lines=())]))


class LauncherDefault(Rule):
    categories = ("dist.env_missing",)
    priority = 1  # after spawn_rendezvous: a script that spawns its own workers wants them, not one process

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for source in project_sources(workspace):
            if "environ" not in source.text and "getenv" not in source.text:
                continue
            defaults = _defaults(source)
            for call in source.nodes(cst.Call, lambda c: bool(defaults) and source.calls(c, INIT)):
                branch = source.enclosing(call, cst.If)
                if branch is None:
                    continue
                in_body = source.within(call, branch.body)
                test = _flag_test(source, branch.test)
                for name, default in defaults.items():
                    value = _sentinel(source, test, name, wanted=not in_body)
                    if value is None or value == _integer(default.value):
                        continue
                    spelled = f"{default.value.quote}{value}{default.value.quote}" \
                        if isinstance(default.value, cst.SimpleString) else str(value)
                    new = default.with_changes(value=cst.parse_expression(spelled))
                    yield source.edit(source.replaced(default, new), source.line_of(default),
                                      f"The default of {name} is now {spelled}, which `if {source.code(test)}:` "
                                      "reads as a single process: run plainly, the script takes the path it offers "
                                      "without a launcher instead of calling init_process_group with no RANK to read")
                    return
        for source in project_sources(workspace):
            if "import os" not in source.text:
                continue
            for call in source.nodes(cst.Call, lambda c: source.calls(c, INIT)):
                statement = _forced_flag(source, call)
                function = source.function_of(call)
                if statement is None or any(r.value is not None for r in own_nodes(function, cst.Return)) \
                        or not _flag_read(workspace, statement.body[0].targets[0].target):
                    continue
                flag = source.code(statement.body[0].targets[0].target)
                yield source.edit(_not_launched(source, statement), source.line_of(statement),
                                  f"{function.name.value}() now returns with {flag} = False when no launcher set RANK "
                                  f"and WORLD_SIZE: run plainly, the script takes the single-process path that "
                                  f"`if {flag}:` offers instead of calling init_process_group with no RANK to read")
                return
