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
from resolver.fix.rules._syntax import BUILTINS, latest_binding, own_nodes, parameter_names, read_names, self_attribute
from resolver.write.edits import Edit, Workspace

WRAPPER = re.compile(r"(\w+) is not an Optimizer")


class SchedulerOnWrapper(Rule):
    categories = ("scheduler.not_an_optimizer",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = WRAPPER.search(diagnosis.message)
        classes = list(classes_named(workspace, found[1])) if found else []
        held = _held_optimizer(classes[0][1]) if len(classes) == 1 else None
        if held is None:
            return  # not a project class, or it holds no optimizer: a custom optimizer, not a wrapper
        for frame, source in user_frames(diagnosis, workspace):
            given = [a.value for c in source.on_line(cst.Call, frame.line) if source.code(c.func) not in BUILTINS
                     and (a := argument(c, 0, "optimizer")) is not None and isinstance(a.value, cst.Name)]
            if len(given) != 1:
                continue
            name, function = given[0], source.function_of(given[0])
            binding = latest_binding(source, function, name.value, source.line_of(name))
            if binding is None and function is not None and name.value in parameter_names(function):
                continue  # a scheduler subclass passing its parameter on: the caller's frame made it
            value = binding[0] if binding is not None and not binding[1] and binding[2] is None else None
            condition = _wrapped_when(workspace, source, value, found[1])
            if condition is None:
                return
            inner = f"{name.value}.{held}"
            new = inner if condition is True else f"{inner} if {condition} else {name.value}"
            yield source.edit(source.replaced(name, cst.parse_expression(new)), source.line_of(name),
                              f"Gave the scheduler {new}: {found[1]} wraps the optimizer without being a torch.optim."
                              "Optimizer, and the scheduler must set the learning rates of the one it holds")
            return


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
    function that makes it wraps only under `if <condition>:`; None when not sure."""
    if not isinstance(value, cst.Call):
        return None
    if source.code(value.func).rsplit(".", 1)[-1] == wrapper:
        return True
    if not isinstance(value.func, cst.Name):
        return None
    file = imported_from(workspace, source, value.func.value) or source
    functions = [f for f in file.module.body if isinstance(f, cst.FunctionDef) and f.name.value == value.func.value]
    if len(functions) != 1:
        return None
    function = functions[0]
    wraps = [a for a in own_nodes(function, cst.Assign) if isinstance(a.value, cst.Call)
             and file.code(a.value.func).rsplit(".", 1)[-1] == wrapper]
    if len(wraps) != 1:
        return None
    branch = file.enclosing(wraps[0], cst.If)
    if branch is None or file.function_of(branch) is not function:
        return True if file.loop_of(wraps[0]) is None else None
    if branch.orelse is not None or file.enclosing(branch, (cst.If, cst.For, cst.While)) is not None:
        return None
    params = parameter_names(function)
    passed = {p: a.value for i, p in enumerate(params) if (a := argument(value, i, p)) is not None}
    names = {n.value for n in read_names(branch.test)}
    if not names or any(n not in passed or not isinstance(passed[n], cst.Name) or passed[n].value != n
                        for n in names):
        return None  # the condition reads something the call site does not hold under the same name
    return file.code(branch.test).strip()
