"""## What it does
Where the Dataset's `__getitem__` returns None on a condition of its row that can be checked when
the index is built (a file that is missing, an empty record: `if not os.path.exists(path): return
None`, `if row is None: return None`), keeps only the rows that pass it where `__init__` builds the
index (`self.rows = [row for row in rows if os.path.exists(...)]`) and drops the branch, so
`len()` counts the samples there are and no batch comes out short or empty. A None that depends
on what only loading tells (a file that fails to parse, a decoded clip that is silent) can't be
checked there: the loader that met it, and the loaders built beside it, get a module-level
`drop_none_samples` collate instead, the default one on the samples that are not None.

## Why is this bad?
`` batch must contain tensors, ...; found <class 'NoneType'> ``, where the Dataset's
`__getitem__` has a `return None` of its own and the probe read a None for some of the
dataset's samples, not all: the code already chose to skip those rows, and the default collate
cannot. Every other `None` sample (one from a `__getitem__` that falls off its end, or a None
for every sample: a branch for another split name) stops with the candidates named.

## Example
```python
def __init__(self, root, rows):
    self.root = root
    self.rows = rows

def __getitem__(self, i):
    row = self.rows[i]
    path = os.path.join(self.root, row["path"])
    if not os.path.exists(path):
        return None
    return torch.from_numpy(np.load(path)), row["label"]
```

Use instead:
```python
def __init__(self, root, rows):
    self.root = root
    self.rows = [row for row in rows if os.path.exists(os.path.join(self.root, row["path"]))]

def __getitem__(self, i):
    row = self.rows[i]
    path = os.path.join(self.root, row["path"])
    return torch.from_numpy(np.load(path)), row["label"]
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._collate import also_beside, loaders_beside, with_collate
from resolver.fix.rules._dataset import descendants, getitem_of
from resolver.fix.rules._row_filter import rows_filtered
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import is_none
from resolver.write.edits import Edit, Workspace

DROP_NONE = '''def drop_none_samples(batch):
    """The default collate over the samples __getitem__ gave, without the ones it skipped (None)."""
    return {torch}.utils.data.default_collate([sample for sample in batch if sample is not None])
'''


def _none_skipped(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """A `__getitem__` that returns None for rows it cannot read says those rows are to be
    skipped; torch's default collate cannot skip, so the loaders get one that can."""
    loader = diagnosis.loader
    if loader is None or loader.site is None or loader.collate_fn is not None or loader.dataset_file is None \
            or not loader.none_samples or not 0 < loader.none_samples[0] < loader.none_samples[1]:
        return
    name = (loader.dataset_class or "").rsplit(".", 1)[-1]
    dataset, getitem = getitem_of(workspace, loader)
    if getitem is None or not any(_returns_none(r) for r in descendants(getitem.body)):
        return
    filtered = rows_filtered(dataset, getitem, name, *loader.none_samples)
    if filtered is not None:
        yield filtered  # where the index is built: len() right, no short batches
    source = Source.parse(workspace, loader.site.file)
    call = source.call_at(loader.site) if source else None
    if call is None:
        return
    calls = loaders_beside(source, call)
    new_text = with_collate(source, calls, DROP_NONE.format(torch=source.torch))
    if new_text is None:
        return
    none, read = loader.none_samples
    also = also_beside(calls)
    reason = (f"Gave {source.code(call.func)}(...) a collate_fn that leaves out None samples{also}: "
              f"{name}.__getitem__ returns None for rows it skips ({none} of {read} samples read), and the "
              "default collate cannot batch None")
    yield source.edit(new_text, source.line_of(call), reason, uses_torch=True)


def _returns_none(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Return) and (node.value is None or is_none(node.value))


class NoneSample(Rule):
    categories = ("data.none_sample",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _none_skipped(diagnosis, workspace)
