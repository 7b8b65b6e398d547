"""## What it does
Registers the layers a Module's `__init__` binds to local names that its other methods read as
attributes: `self_fc = nn.Linear(...)` (an underscore for the dot) read as `self_fc(x)` in forward
becomes `self.fc` in both places; `fc = nn.Linear(...)` read as `self.fc(x)` becomes `self.fc =
nn.Linear(...)`. Only a name `__init__` binds once, to a call, and reads nowhere after (a local that
builds something else, `layers = [...]; self.net = nn.Sequential(*layers)`, is read), and that
another method of the class reads that way.

## Why is this bad?
A local dies when `__init__` returns, so the layer is never registered: `optimizer got an empty
parameter list` (no parameter at all), or `'Net' object has no attribute 'fc'` when forward runs.

## Example
```python
def __init__(self):
    super().__init__()
    self_fc = nn.Linear(16, 4)

def forward(self, x):
    return self_fc(x)
```

Use instead:
```python
def __init__(self):
    super().__init__()
    self.fc = nn.Linear(16, 4)

def forward(self, x):
    return self.fc(x)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import classes_in_question, methods, replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import own_nodes
from resolver.write.edits import Edit, Workspace


def _locals(source: Source, init: cst.FunctionDef) -> dict[str, cst.Name]:
    """Names `__init__` binds once, to a call, and never reads: name -> its target node."""
    calls: dict[str, list[cst.Name]] = {}
    others: set[str] = set()
    for assign in own_nodes(init, cst.Assign):
        for target in (t.target for t in assign.targets if isinstance(t.target, cst.Name)):
            if isinstance(assign.value, cst.Call):
                calls.setdefault(target.value, []).append(target)
            else:
                others.add(target.value)
    targets = {t for names in calls.values() for t in names}
    read = {n.value for n in own_nodes(init, cst.Name) if n not in targets
            and not (isinstance(source.parents.get(n), cst.Attribute) and source.parents[n].attr is n)}
    return {name: names[0] for name, names in calls.items()
            if len(names) == 1 and name not in others and name not in read}


def _reads(source: Source, function: cst.FunctionDef, layers: dict[str, cst.Name]) -> dict[cst.CSTNode, str]:
    """The reads in another method that mean a layer: `self_fc` (unbound there) or `self.fc`; node -> name."""
    bound = {t.target.value for a in own_nodes(function, cst.Assign) for t in a.targets
             if isinstance(t.target, cst.Name)}
    found: dict[cst.CSTNode, str] = {}
    for node in own_nodes(function, cst.Name):
        name = node.value
        if name.startswith("self_") and name in layers and name not in bound \
                and not isinstance(source.parents.get(node), cst.Attribute):
            found[node] = name
    for node in own_nodes(function, cst.Attribute):
        if isinstance(node.value, cst.Name) and node.value.value == "self" and node.attr.value in layers:
            found[node] = node.attr.value
    return found


def _attributes_of(source: Source, cls: cst.ClassDef) -> set[str]:
    """The names the class gives `self` already: `self.x = ...` anywhere, `register_buffer("x", ...)`,
    `register_parameter`, `add_module`, a method or property `x`."""
    names = set(methods(cls))
    for assign in source.nodes(cst.Assign, lambda a: source.within(a, cls)):
        for target in assign.targets:
            if isinstance(target.target, cst.Attribute) and source.code(target.target.value) == "self":
                names.add(target.target.attr.value)
    for call in source.nodes(cst.Call, lambda c: source.within(c, cls)):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in (
                "register_buffer", "register_parameter", "add_module", "register_module") \
                and call.args and isinstance(call.args[0].value, cst.SimpleString):
            names.add(call.args[0].value.evaluated_value)
    return names


class LocalLayers(Rule):
    categories = ("module.no_parameters", "module.unset_attribute")
    priority = 1  # after protocol_method_typo and unregistered_layers: each finds its own slip

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for source, cls in classes_in_question(diagnosis, workspace):
            own = methods(cls)
            init = own.get("__init__")
            if init is None:
                continue
            layers = _locals(source, init)
            reads: dict[cst.CSTNode, str] = {}
            for name, method in own.items():
                if name != "__init__":
                    reads.update(_reads(source, method, layers))
            taken = _attributes_of(source, cls)  # assigned, registered or defined elsewhere in the class
            used = sorted(name for name in set(reads.values()) if name not in taken)
            if not used:
                continue
            # a bare `self_fc` read is the underscore for the dot; `self.self_attn` keeps its name
            attribute = {name: name[len("self_"):] if any(isinstance(n, cst.Name) and v == name
                                                            for n, v in reads.items()) else name for name in used}
            if any(attribute[name] in taken for name in used):
                continue
            new = {layers[name]: cst.parse_expression(f"self.{attribute[name]}") for name in used}
            new.update({node: cst.parse_expression(f"self.{attribute[name]}") for node, name in reads.items()
                        if isinstance(node, cst.Name)})
            renamed = ", ".join(f"{name} -> self.{attribute[name]}" for name in used)
            reason = (f"Registered the layers {cls.name.value}.__init__ kept in local names ({renamed}): a local is "
                      f"gone when __init__ returns, so the layers were never part of the module")
            yield source.edit(replaced_all(source.module, new), source.line_of(layers[used[0]]), reason)
            return
