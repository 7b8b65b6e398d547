"""## What it does
Reaches the model through its DDP/DataParallel wrapper only when there is one, on the failing
line: `model.module` used on a model that is not wrapped (a single-process run), or a method of
the model (`net.encode(x)`) called on the wrapper, which forwards only `forward`, becomes
`getattr(model, "module", model)`: the wrapped model when there is a wrapper, the model itself
when there is not.

## Why is this bad?
`AttributeError: 'Net' object has no attribute 'module'`: the code assumes DDP wrapped the model,
but this run did not. `AttributeError: 'DistributedDataParallel' object has no attribute
'encode'`: the wrapper does not expose the model's own methods. Only an attribute the project's
models define is reached through the wrapper; `.module` is dropped only from a project model.

## Example
```python
torch.save(model.module.state_dict(), path)   # model is not wrapped in a plain run
```

Use instead:
```python
torch.save(getattr(model, "module", model).state_dict(), path)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import module_classes, replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import user_frames
from resolver.write.edits import Edit, Workspace

MESSAGE = re.compile(r"'(?P<owner>\w+)' object has no attribute '(?P<name>\w+)'")
WRAPPERS = {"DistributedDataParallel", "DataParallel"}


def _defined_by_a_model(workspace: Workspace, name: str, owner: str | None = None) -> bool:
    """A project nn.Module class (named `owner`, when given) defines `name`: a method or a `self.name =`."""
    for source, cls in module_classes(workspace):
        if owner is not None and cls.name.value != owner:
            continue
        if owner is not None:
            return True
        for node in source.nodes((cst.FunctionDef, cst.Attribute), lambda n: source.within(n, cls)):
            if isinstance(node, cst.FunctionDef) and node.name.value == name or \
                    isinstance(node, cst.Attribute) and node.attr.value == name and source.code(node.value) == "self":
                return True
    return False


def _plain(node: cst.BaseExpression) -> bool:
    """A name or a chain of attributes: evaluating it twice is free and has no effect."""
    return isinstance(node, cst.Name) or isinstance(node, cst.Attribute) and _plain(node.value)


class WrapperAttribute(Rule):
    categories = ("dist.wrapper_attribute",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        match = MESSAGE.search(diagnosis.message)
        if match is None:
            return
        owner, name = match["owner"], match["name"]
        if owner in WRAPPERS and not _defined_by_a_model(workspace, name):
            return  # no model of the project has it either: a typo, not the wrapper
        if owner not in WRAPPERS and (name != "module" or not _defined_by_a_model(workspace, name, owner)):
            return  # `.module` on something that is not one of the project's models
        for frame, source in user_frames(diagnosis, workspace):
            uses = [n for n in source.on_line(cst.Attribute, frame.line) if n.attr.value == name and _plain(n.value)]
            if not uses:
                continue
            swaps = {}
            for use in uses:  # every use on the line: one left would fail the same way
                held = source.code(use.value)
                unwrapped = cst.parse_expression(f'getattr({held}, "module", {held})')
                swaps[use] = unwrapped if name == "module" else use.with_changes(value=unwrapped)
            said = ", ".join(f"{source.code(old)} became {source.code(new)}" for old, new in swaps.items())
            why = ("the model is not wrapped in this run, and DDP's .module exists only on the wrapper"
                   if name == "module" else f"the DDP wrapper forwards only forward(), not the model's {name}")
            yield source.edit(replaced_all(source.module, swaps), frame.line,
                              f"Reached the model through its wrapper only when there is one ({said}): {why}")
            return
