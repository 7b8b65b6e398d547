"""## What it does
Makes `__getitem__` return a tensor where it returns a Python list of numbers (a tuple position,
a dict key, or the whole sample): `torch.tensor(part)`.

## Why is this bad?
`'list' object has no attribute 'size'`, `must be Tensor, not list` after a batch was drawn,
where the probe saw a list of numbers in the dataset's first sample: the default collate turns
a list of numbers into a list of per-position tensors, not a batch tensor.

## Example
```python
def __getitem__(self, i):
    return self.readings[i], self.labels[i]  # readings[i] is a list of floats
```

Use instead:
```python
def __getitem__(self, i):
    return torch.tensor(self.readings[i]), self.labels[i]
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._dataset import descendants, getitem_of
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.write.edits import Edit, Workspace


def _list_as_tensor(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """A sample part that is a Python list of numbers: the default collate makes it a list of
    per-position tensors, and the model gets a list. It becomes a tensor where `__getitem__`
    returns it."""
    loader = diagnosis.loader
    lists = [key for key, kind in loader.sample_kinds.items() if kind.startswith("list[")] if loader else []
    if not lists or loader.collate_fn is not None:
        return
    source, getitem = getitem_of(workspace, loader)
    if getitem is None:
        return
    returns = [r for r in descendants(getitem.body) if isinstance(r, cst.Return) and r.value is not None
               and source.enclosing(r, (cst.FunctionDef, cst.Lambda)) is getitem]
    replacements: dict[cst.CSTNode, cst.CSTNode] = {}
    for node in returns:
        for key in lists:
            part = _sample_part(node.value, key)
            if part is None:
                return
            replacements[part] = cst.parse_expression(f"{source.torch}.tensor({source.code(part)})")
    if not replacements:
        return
    first = next(iter(replacements))
    name = (loader.dataset_class or "").rsplit(".", 1)[-1]
    reason = (f"Made {name}.__getitem__ return {source.code(replacements[first])} instead of the list "
              f"{source.code(first)}: the default collate turns a list of numbers into a list of per-position "
              "tensors, not a batch tensor")
    yield source.edit(replaced_all(source.module, replacements), source.line_of(first), reason, uses_torch=True)


def _sample_part(value: cst.BaseExpression, key: str) -> cst.BaseExpression | None:
    """The expression for one part of a returned sample: `key` "1" of a tuple, "x" of a dict
    literal, "*" the whole value."""
    if key == "*":
        return value
    if isinstance(value, (cst.Tuple, cst.List)) and key.isdigit() and int(key) < len(value.elements):
        element = value.elements[int(key)]
        return element.value if isinstance(element, cst.Element) else None
    if isinstance(value, cst.Dict):
        for element in value.elements:
            if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString) \
                    and element.key.evaluated_value == key:
                return element.value
    return None


class ListSample(Rule):
    categories = ("data.list_sample",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _list_as_tensor(diagnosis, workspace)
