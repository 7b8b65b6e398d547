"""## What it does
Widens the model's head to the classes its targets encode: when an element-wise loss (BCE, BCE
with logits) gets a one-hot or multi-hot target with more class channels than the logits
(`(N, 32, H, W)` against `(N, 20, H, W)`, `(N, 12)` against `(N, 10)`), the one class-count setting
that says the logits' width (a constant, a config key, a default, an argparse default) is set
to the targets' count, when another class-count setting of the project states that count (the
dataset's `num_class = 32`). Anything else (the target narrower, shapes that differ elsewhere, a
single-output binary head, no setting or several) gets nothing.

## Why is this bad?
`Target size (torch.Size([2, 32, 64, 96])) must be the same as input size (torch.Size([2, 20,
64, 96]))`: the dataset encodes 32 classes and the model predicts 20; a class count left over
from another dataset is the usual cause. Narrowing the targets would throw labels away.

## Example
```python
n_class = 20  # Cityscapes; the CamVid loader one-hot encodes 32 classes
model = FCN(n_class=n_class)
```

Use instead:
```python
n_class = 32
model = FCN(n_class=n_class)
```
"""

from __future__ import annotations

from typing import Iterator

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._class_count import class_count_raised, class_count_stated
from resolver.fix.rules._loss import target_and_input_sizes
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.write.edits import Edit, Workspace


class HeadNarrowerThanTargets(Rule):
    categories = ("shape.broadcast",)
    priority = 3  # after the rules that read a batch or a trailing dimension into the mismatch

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        sizes = target_and_input_sizes(diagnosis.message)
        if sizes is None:
            return
        target, logits = sizes
        differing = [i for i in range(len(target)) if len(target) == len(logits) and target[i] != logits[i]]
        # a single output is a binary head, which a one-hot target of two classes may mean to feed
        if len(target) < 2 or differing != [1] or target[1] <= logits[1] or logits[1] < 2:
            return
        classes, encoded = logits[1], target[1]
        tracer = Tracer(diagnosis, workspace)
        if not class_count_stated(tracer, encoded):
            return  # only the project saying it has that many classes tells one-hot targets from extra columns
        why = (f": the loss's targets encode {encoded} classes (dimension 1 of {tuple(target)}), as the project "
               f"states, and the model was built with {classes} outputs")
        yield from class_count_raised(tracer, classes, encoded, why)
