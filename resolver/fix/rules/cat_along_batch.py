"""## What it does
Concatenates a model's branches along the feature dimension: `torch.cat((a, b, c), 0)` in a
`forward` becomes `torch.cat((a, b, c), 1)`, when the predictions have k times the targets' rows
and that cat joins exactly k tensors along dim 0 (written, or the default). Only the one such cat
in the project's forwards; a cat in the training loop (inputs joined on purpose, whose targets
were not) is left alone. The layer after it then gets k times its features: the next run's
shape error widens it where its size is made.

## Why is this bad?
`Expected input batch_size (60) to match target batch_size (10)`, `The size of tensor a (60)
must match the size of tensor b (10) at non-singleton dimension 0`: dim 0 is the batch, so
joining the features of k inputs there stacks k batches on top of each other, and the model
returns k predictions per sample.

## Example
```python
def forward(self, left, right):
    features = torch.cat((self.cnn(left), self.cnn(right)), 0)
    return self.head(features)
```

Use instead:
```python
def forward(self, left, right):
    features = torch.cat((self.cnn(left), self.cnn(right)), 1)
    return self.head(features)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, project_sources
from resolver.fix.rules.batch_size_mismatch import ROWS  # a loss comparing rows, the predictions' first
from resolver.write.edits import Edit, Workspace

CATS = {"torch.cat", "torch.concat", "torch.concatenate"}


def _batches_per_target(diagnosis: Diagnosis) -> int | None:
    """k when the predictions have k (at least 2) rows for every target row."""
    rows = ROWS.search(diagnosis.message)
    if rows is None:
        return None
    predicted, targets = (int(rows[1]), int(rows[2])) if rows[1] else (int(rows[3]), int(rows[4]))
    if targets <= 0 or predicted <= targets or predicted % targets:
        return None
    return predicted // targets


def _along_batch(source: Source, call: cst.Call, parts: int) -> bool:
    """`torch.cat(<k items>, 0)`, `dim=0` or no dim: k tensors written out, none starred."""
    if not source.calls(call, CATS) or not call.args or call.args[0].keyword is not None:
        return False
    joined = call.args[0].value
    if not isinstance(joined, (cst.Tuple, cst.List)) or len(joined.elements) != parts \
            or any(isinstance(e, cst.StarredElement) for e in joined.elements):
        return False
    dim = argument(call, 1, "dim") or argument(call, 1, "axis")
    return dim is None or isinstance(dim.value, cst.Integer) and dim.value.value == "0"


def _in_forward(source: Source, call: cst.Call) -> bool:
    function = source.enclosing(call, cst.FunctionDef)
    return function is not None and function.name.value == "forward" \
        and source.enclosing(function, cst.ClassDef) is not None


def _along_features(call: cst.Call) -> cst.Call:
    args = list(call.args)
    at = next((i for i, a in enumerate(args) if i and (a.keyword is None or a.keyword.value in ("dim", "axis"))), None)
    if at is None:
        args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        args.append(cst.Arg(cst.Integer("1"), keyword=cst.Name("dim"),
                            equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))))
    else:
        args[at] = args[at].with_changes(value=cst.Integer("1"))
    return call.with_changes(args=args)


class CatAlongBatch(Rule):
    categories = ("shape.batch_size", "shape.broadcast")
    priority = 2  # after batch_size_mismatch: a flatten that folded the batch is the likelier cause

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and _batches_per_target(diagnosis) is not None

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        parts = _batches_per_target(diagnosis)
        found = [(source, call) for source in project_sources(workspace) for call in source.nodes(cst.Call)
                 if _in_forward(source, call) and _along_batch(source, call, parts)]
        if len(found) != 1:
            return  # none, or several a message cannot tell apart
        source, call = found[0]
        new = _along_features(call)
        reason = (f"Changed {source.code(call)} to {source.code(new)}: dim 0 is the batch, so joining {parts} "
                  f"tensors there gave {parts} rows per target; they are joined along the features")
        yield source.edit(source.replaced(call, new), source.line_of(call), reason)
