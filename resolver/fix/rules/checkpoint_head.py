"""## What it does
Loads a checkpoint whose head was trained for another number of classes with the model's own,
freshly initialised head kept: still strict, never a silent `strict=False`.

## Why is this bad?
`size mismatch for fc.weight: copying a param with shape torch.Size([10, 64]) from checkpoint,
the shape in current model is torch.Size([3, 64])`, with one module differing only in its
output dimension: a fine-tuned head keeps its own size. A width changed inside the model changes
the next layer's input too, and gets nothing.

## Example
```python
model.load_state_dict(torch.load("pretrained.pt"))
```

Use instead:
```python
model.load_state_dict({**torch.load("pretrained.pt"),
                       **{k: v for k, v in model.state_dict().items() if k.startswith("fc.")}})
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._checkpoint import failing_loads
from resolver.fix.rules._rule import Rule
from resolver.write.edits import Edit, Workspace

MISMATCH = re.compile(r"size mismatch for ([\w.]+): copying a param with shape torch.Size\(\[([\d, ]*)\]\) from "
                      r"checkpoint, the shape in current model is torch.Size\(\[([\d, ]*)\]\)")


def _output_head(message: str) -> str | None:
    """The one module whose weights differ from the checkpoint's only in their first (output)
    dimension: a head trained for another number of classes. A layer inside the model would
    also change the next layer's input dimension, which rules it out."""
    if re.search(r"(Missing|Unexpected) key\(s\)", message):
        return None
    heads, rows = set(), []
    for name, saved, current in MISMATCH.findall(message):
        saved = [int(d) for d in saved.split(",") if d.strip()]
        current = [int(d) for d in current.split(",") if d.strip()]
        if len(saved) != len(current) or not saved or saved[1:] != current[1:]:
            return None
        heads.add(name.rpartition(".")[0])
        rows.append((saved[0], current[0]))
    return heads.pop() if len(heads) == 1 and "" not in heads and len(set(rows)) == 1 else None


def _fresh_head(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    head = _output_head(diagnosis.message)
    if head is None:
        return
    saved, current = MISMATCH.search(diagnosis.message).group(2, 3)
    for frame, source, load in failing_loads(diagnosis, workspace):
        if not isinstance(load.call.func.value, (cst.Name, cst.Attribute)):
            continue  # the model is read again for its own head: only a name can be read twice
        model = source.code(load.call.func.value)
        kept = cst.parse_expression(f'{{**{load.held}, **{{{load.key}: {load.value} for {load.key}, {load.value} in '
                                    f'{model}.state_dict().items() if {load.key}.startswith("{head}.")}}}}')
        reason = (f"Kept the model's own, freshly initialised {head} ({current.split(',')[0]} outputs) where the "
                  f"checkpoint holds one for {saved.split(',')[0]}: it was trained for another number of classes; "
                  f"every other weight still loads, strictly")
        yield source.edit(source.replaced(load.given, kept), frame.line, reason)
        return


class CheckpointHead(Rule):
    categories = ("checkpoint.size_mismatch",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _fresh_head(diagnosis, workspace)
