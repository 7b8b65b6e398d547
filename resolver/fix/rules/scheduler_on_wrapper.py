"""## What it does
Gives a learning-rate scheduler the optimizer a wrapper holds: when the scheduler was built on an
instance of a project class that is not a `torch.optim.Optimizer` (`LARC`, `Lookahead`) and that
class's `__init__` keeps exactly one of its parameters named for an optimizer (`self.optim =
optimizer`), the scheduler's argument `opt` becomes `opt.optim`. Where the wrapper is applied only
under a condition in the function that builds the optimizer (`if args.larc: optimizer =
LARC(optimizer)`), the argument follows that condition, read at the call site
(`optimizer.optim if args.larc else optimizer`). Only when the argument is a name bound once from
the wrapper's constructor or from a project function that returns it, and the condition reads
only that function's parameters that the call passes by the same name.

## Why is this bad?
`TypeError: LARC is not an Optimizer`: torch's schedulers check that they are given an
Optimizer, because they read and write its `param_groups`. The wrapper steps the optimizer it
holds, whose learning rates are the ones to schedule. A custom optimizer class that does not
subclass `torch.optim.Optimizer` holds none, and is left alone (subclassing it is the user's call).

## Example
```python
optimizer = LARC(optimizer=torch.optim.SGD(model.parameters(), lr=0.1))
scheduler = LambdaLR(optimizer, warmup)
```

Use instead:
```python
optimizer = LARC(optimizer=torch.optim.SGD(model.parameters(), lr=0.1))
scheduler = LambdaLR(optimizer.optim, warmup)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._definitions import imported_from
from resolver.fix.rules._project import classes_named, methods
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, user_frames
from resolver.fix.rules._syntax import (
    BUILTINS,
    attribute_assignments,
    last_name,
    latest_binding,
    own_nodes,
    parameter_names,
    read_names,
    self_attribute,
)
from resolver.write.edits import Edit, Workspace

PARAMETER = "parameter"
WRAPPER = re.compile(r"(\w+) is not an Optimizer")


class SchedulerOnWrapper(Rule):
    categories = ("scheduler.not_an_optimizer",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = WRAPPER.search(diagnosis.message)
        classes = list(classes_named(workspace, found[1])) if found else []
        held = _held_optimizer(classes[0][1]) if len(classes) == 1 else None
        if held is None:
            return  # not a project class, or it holds no optimizer: a custom optimizer, not a wrapper
        callee, position, keyword = None, 0, "optimizer"  # the call that took the scheduler's optimizer
        for frame, source in user_frames(diagnosis, workspace):
            given = [a.value for c in source.on_line(cst.Call, frame.line) if source.code(c.func) not in BUILTINS
                     and (callee is None or last_name(c.func) == callee)
                     and (a := argument(c, position, keyword)) is not None
                     and (isinstance(a.value, cst.Name) or self_attribute(a.value) is not None)]
            if len(given) != 1:
                continue
            node, function = given[0], source.function_of(given[0])
            made = _made_by(source, node, function)
            if made == PARAMETER:  # a scheduler subclass or a builder passing its parameter on: follow the caller
                params = [p for p in parameter_names(function) if p not in ("self", "cls")]
                klass = source.enclosing(function, cst.ClassDef)
                callee = klass.name.value if function.name.value == "__init__" and klass else function.name.value
                position, keyword = params.index(node.value), node.value
                continue
            condition = _wrapped_when(workspace, source, made, found[1])
            if condition is None or condition is not True and (
                    not isinstance(made, cst.Call) or source.function_of(made) is not function):
                return  # unsure, or the condition is read where the optimizer is made, not where it is used
            spelled = source.code(node)
            inner = f"{spelled}.{held}"
            new = inner if condition is True else f"{inner} if {condition} else {spelled}"
            yield source.edit(source.replaced(node, cst.parse_expression(new)), source.line_of(node),
                              f"Gave the scheduler {new}: {found[1]} wraps the optimizer without being a torch.optim."
                              "Optimizer, and the scheduler must set the learning rates of the one it holds")
            return


def _made_by(source: Source, node: cst.BaseExpression, function):
    """The value a name was last bound to in its function, or the one value `self.attr` is given in its
    class; PARAMETER for a parameter of the function; None when not sure."""
    if isinstance(node, cst.Name):
        binding = latest_binding(source, function, node.value, source.line_of(node))
        if binding is None and function is not None and node.value in parameter_names(function):
            return PARAMETER
        return binding[0] if binding is not None and not binding[1] and binding[2] is None else None
    klass = source.enclosing(node, cst.ClassDef)
    made = attribute_assignments(source, klass, self_attribute(node)) if klass is not None else []
    return made[0][0] if len(made) == 1 and not made[0][1] else None


def _held_optimizer(klass: cst.ClassDef) -> str | None:
    """The attribute `__init__` stores its optimizer parameter in (`self.optim = optimizer`), when exactly one."""
    init = methods(klass).get("__init__")
    params = {p for p in parameter_names(init) if "optim" in p.lower()} if init is not None else set()
    held = {self_attribute(t.target) for a in own_nodes(init, cst.Assign) if isinstance(a.value, cst.Name)
            and a.value.value in params for t in a.targets} if init is not None else set()
    held.discard(None)
    return held.pop() if len(held) == 1 else None


def _wrapped_when(workspace: Workspace, source: Source, value, wrapper: str):
    """True when the value is always the wrapper; the condition (as code at the call site) when the
    function that makes it wraps only under `if <condition>:` (`optimizer = LARC(optimizer)`, or
    `return LARC(optimizer)`); None when not sure."""
    if not isinstance(value, cst.Call):
        return None
    if source.code(value.func).rsplit(".", 1)[-1] == wrapper:  # wrapped where the scheduler's argument is read
        branch = source.enclosing(value, cst.If)
        inside = branch is not None and source.function_of(branch) is source.function_of(value)
        if inside and (branch.orelse is not None or source.enclosing(branch, (cst.If, cst.For, cst.While))):
            return None
        return source.code(branch.test).strip() if inside else True
    method = self_attribute(value.func)
    klass = source.enclosing(value, cst.ClassDef) if method else None
    if method and klass is not None:
        file, functions = source, [m for m in own_nodes(klass, cst.FunctionDef) if m.name.value == method]
    elif isinstance(value.func, cst.Name):
        file = imported_from(workspace, source, value.func.value) or source
        functions = [f for f in file.module.body if isinstance(f, cst.FunctionDef) and f.name.value == value.func.value]
    else:
        return None
    if len(functions) != 1:
        return None
    function = functions[0]
    wraps = [n for n in own_nodes(function, (cst.Assign, cst.Return)) if isinstance(n.value, cst.Call)
             and file.code(n.value.func).rsplit(".", 1)[-1] == wrapper]
    if len(wraps) != 1:
        return None
    branch = file.enclosing(wraps[0], cst.If)
    if branch is None or file.function_of(branch) is not function:
        return True if file.loop_of(wraps[0]) is None else None
    if branch.orelse is not None or file.enclosing(branch, (cst.If, cst.For, cst.While)) is not None:
        return None
    params = [p for p in parameter_names(function) if p not in ("self", "cls")]
    passed = {p: a.value for i, p in enumerate(params) if (a := argument(value, i, p)) is not None}
    reads = [n for n in read_names(branch.test) if n.value not in ("True", "False", "None")]
    if not reads or any(n.value not in passed for n in reads):
        return None  # the condition reads something the call does not pass
    spelled = {n: cst.parse_expression(f"({source.code(passed[n.value])})") if not isinstance(
        passed[n.value], (cst.Name, cst.Attribute, cst.Subscript, cst.Call)) else passed[n.value] for n in reads}
    return cst.Module([]).code_for_node(branch.test.visit(_Swap(spelled)))


class _Swap(cst.CSTTransformer):
    """The condition as the call site spells it: each parameter read replaced by the argument passed."""

    def __init__(self, spelled: dict):
        super().__init__()
        self.spelled = spelled

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self.spelled.get(original, updated)
