"""## What it does
Renames a module's method that is a typo away from `forward` or `__init__` (`foward`,
`__int__`, `___init___`, `_init_`), defined and never called, and shaped like the one it stands
for: an `__init__` that sets attributes on self, a `forward` that takes an input. A
`super()._init_()` inside it, the same slip in the parent call, is renamed with it. In the class
the message names, else in every Module subclass of the project.

## Why is this bad?
nn.Module calls `forward` and `__init__` by name, so the misspelled method never runs:
`missing the required "forward" function`; `X.__init__() takes 1 positional argument`;
`'X' object has no attribute`; an empty parameter list.

## Example
```python
class Net(nn.Module):
    def foward(self, x):
        return self.fc(x)
```

Use instead:
```python
class Net(nn.Module):
    def forward(self, x):
        return self.fc(x)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import classes_in_question, edit_distance, methods
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.write.edits import Edit, Workspace

PROTOCOL_METHODS = ("forward", "__init__")


def _misspelled(method: str, wanted: str, function: cst.FunctionDef, source: Source) -> bool:
    """`method` is a slip of `wanted` when it is a typo away, never called by name, and shaped
    like it: an __init__ that sets attributes on self, a forward that takes an input."""
    if method == wanted or edit_distance(method, wanted) > 2 or method.startswith("_") != wanted.startswith("_"):
        return False
    if len(re.findall(rf"\b{re.escape(method)}\b", source.text)) != 1 + len(_parent_calls(function, method)):
        return False  # called by name somewhere: a method of its own, not a slip
    if wanted == "__init__":
        return any(isinstance(t.target, cst.Attribute) and source.code(t.target.value) == "self"
                   for a in source.nodes(cst.Assign) if source.enclosing(a, cst.FunctionDef) is function
                   for t in a.targets)
    return len(function.params.params) >= 2


def _parent_calls(function: cst.FunctionDef, method: str) -> list[cst.Attribute]:
    """`super()._init_` inside `_init_`: the same slip in the parent call, which nn.Module lacks too."""
    found = []

    class Visitor(cst.CSTVisitor):
        def visit_Attribute(self, node):
            if node.attr.value == method and isinstance(node.value, cst.Call) \
                    and isinstance(node.value.func, cst.Name) and node.value.func.value == "super":
                found.append(node)

    function.body.visit(Visitor())
    return found


class _Renamed(cst.CSTTransformer):
    def __init__(self, function: cst.FunctionDef, wanted: str):
        super().__init__()
        self.function, self.wanted = function, wanted
        self.parent_calls = {id(a) for a in _parent_calls(function, function.name.value)}

    def leave_Attribute(self, original, updated):
        return updated.with_changes(attr=cst.Name(self.wanted)) if id(original) in self.parent_calls else updated

    def leave_FunctionDef(self, original, updated):
        return updated.with_changes(name=cst.Name(self.wanted)) if original is self.function else updated


def _renamed_protocol_method(source: Source, node: cst.ClassDef) -> Iterator[Edit]:
    defined = methods(node)
    for wanted in PROTOCOL_METHODS:
        if wanted in defined:
            continue
        slips = [f for name, f in defined.items() if _misspelled(name, wanted, f, source)]
        if len(slips) != 1:
            continue
        function = slips[0]
        also = " and its super() call" if _parent_calls(function, function.name.value) else ""
        reason = (f"Renamed {node.name.value}.{function.name.value}{also} to {wanted}: nn.Module calls `{wanted}`, "
                  f"so the misspelled method never ran")
        yield source.edit(source.module.visit(_Renamed(function, wanted)).code, source.line_of(function), reason)


class ProtocolMethodTypo(Rule):
    categories = ("module.forward_missing", "module.init_arguments", "module.unset_attribute", "module.no_parameters")
    priority = -2  # a typo first: unregistered_layers shares its categories

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for source, node in classes_in_question(diagnosis, workspace):
            yield from _renamed_protocol_method(source, node)
