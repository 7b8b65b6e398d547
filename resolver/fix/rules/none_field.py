"""## What it does
Gives a Dataset's sample an empty tensor, `torch.zeros(0)`, where its `__getitem__` puts `None`
in one field for a whole mode (`labels = None` under `if self.is_test:`, `return image, None`
in a branch on `self.mode`): the branch is taken on a flag the Dataset was built with, so every
sample of that loader carries the None. Only when the probe read no sample that is None itself
(the None is a field) and the flag is an attribute of the Dataset, not something of the row; a
None a reader returns for a missing file is the data's, and is left alone.

## Why is this bad?
`` default_collate: batch must contain tensors, ...; found <class 'NoneType'> ``: the default
collate batches each field of the samples, and has no batch for None.

## Example
```python
def __getitem__(self, i):
    image = self.images[i]
    labels = None if self.is_test else self.labels[i]
    return image, labels
```

Use instead:
```python
def __getitem__(self, i):
    image = self.images[i]
    labels = torch.zeros(0) if self.is_test else self.labels[i]
    return image, labels
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._dataset import descendants, getitem_of
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import is_none
from resolver.write.edits import Edit, Workspace


def _mode_flag(source: Source, test: cst.BaseExpression) -> bool:
    """A condition on the Dataset's own attributes only (`self.is_test`, `self.mode == "test"`,
    `not self.train`): the same for every index."""
    names = [n for n in descendants(test) if isinstance(n, cst.Name)]
    reads_self = False
    for name in names:
        parent = source.parents.get(name)
        if name.value == "self" and isinstance(parent, cst.Attribute) and parent.value is name:
            reads_self = True
        elif not (isinstance(parent, cst.Attribute) and parent.attr is name) and name.value not in ("None", "True",
                                                                                                    "False"):
            return False  # a local, the index, a row's value: not a mode
    calls = [n for n in descendants(test) if isinstance(n, cst.Call)]
    return reads_self and not calls


def _branch_test(source: Source, node: cst.CSTNode, getitem: cst.FunctionDef) -> cst.BaseExpression | None:
    """The condition of the innermost `if` (statement or expression) in __getitem__ holding node."""
    child, parent = node, source.parents.get(node)
    while parent is not None and parent is not getitem:
        if isinstance(parent, cst.IfExp) and child is not parent.test:
            return parent.test
        if isinstance(parent, (cst.If, cst.Else)):
            found = parent if isinstance(parent, cst.If) else source.parents.get(parent)
            return found.test if isinstance(found, cst.If) else None
        child, parent = parent, source.parents.get(parent)
    return None


def _returned_fields(getitem: cst.FunctionDef) -> tuple[list[cst.Return], set[str]]:
    returns = [r for r in descendants(getitem.body) if isinstance(r, cst.Return)]
    fields = {e.value.value for r in returns if isinstance(r.value, (cst.Tuple, cst.List))
              for e in r.value.elements if isinstance(e.value, cst.Name)}
    fields |= {e.value.value for r in returns if isinstance(r.value, cst.Dict)
               for e in r.value.elements if isinstance(e, cst.DictElement) and isinstance(e.value, cst.Name)}
    return returns, fields


def _none_fields(source: Source, getitem: cst.FunctionDef) -> list[cst.Name]:
    """The `None`s that become a field of the sample under a mode flag: assigned to a name the
    return packs (`labels = None`, `labels = None if self.is_test else ...`), or packed directly."""
    returns, fields = _returned_fields(getitem)
    found = []
    for node in descendants(getitem.body):
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                and node.targets[0].target.value in fields:
            value = node.value
            nones = [value] if is_none(value) else \
                [b for b in (value.body, value.orelse) if is_none(b)] if isinstance(value, cst.IfExp) else []
            found += nones
        elif isinstance(node, cst.Return) and isinstance(node.value, (cst.Tuple, cst.List)):
            found += [e.value for e in node.value.elements if is_none(e.value)]
    return [n for n in found if (test := _branch_test(source, n, getitem)) is not None and _mode_flag(source, test)]


class NoneField(Rule):
    categories = ("data.none_sample",)
    priority = 1  # after none_sample, which takes the samples that are None themselves

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        loader = diagnosis.loader
        if loader is None or loader.collate_fn is not None or not loader.none_samples \
                or loader.none_samples[0] != 0 or loader.none_samples[1] == 0:
            return  # a sample that is None itself, or none read: not a field
        source, getitem = getitem_of(workspace, loader)
        if source is None or getitem is None:
            return
        nones = _none_fields(source, getitem)
        if len(nones) != 1:
            return
        placeholder = cst.parse_expression(f"{source.torch}.zeros(0)")
        name = (loader.dataset_class or "").rsplit(".", 1)[-1]
        reason = (f"Gave {name}.__getitem__ an empty tensor ({source.torch}.zeros(0)) where it returned None in a "
                  "mode it was built in: every sample of that loader carried the None, and the default collate "
                  "cannot batch None")
        yield source.edit(source.replaced(nones[0], placeholder), source.line_of(nones[0]), reason, uses_torch=True)
