"""## What it does
Makes the criterion ignore the void label the dataset actually uses. The targets hold the classes
0..C-1 of the model's C outputs and one value far beyond them (225 where the criterion was built
with `ignore_index=255`, the VOC convention): the criterion that already ignores a void label gets
that value as its `ignore_index`, where it is built. The probe lists the values the whole dataset
holds; several values beyond the classes (labels 0..9 for 8 outputs), one just past them, or a
criterion that ignores nothing yet (the author's choice) get nothing.

## Why is this bad?
`Target 225 is out of bounds`: the pixels the dataset marks as void reach cross entropy as a class
index, because the criterion ignores another value.

## Example
```python
criterion = nn.CrossEntropyLoss(ignore_index=255)  # the masks mark borders with 225
```

Use instead:
```python
criterion = nn.CrossEntropyLoss(ignore_index=225)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import OUT_OF_BOUNDS, changed, logits_classes, loss_calls
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import argument
from resolver.write.edits import Edit, Workspace

CRITERIA = frozenset({"torch.nn.CrossEntropyLoss", "torch.nn.NLLLoss", "torch.nn.modules.loss.CrossEntropyLoss",
                      "torch.nn.modules.loss.NLLLoss"})
FUNCTIONS = frozenset({"torch.nn.functional.cross_entropy", "torch.nn.functional.nll_loss"})


def _far(value: int, classes: int) -> bool:
    """Far enough from the classes to be a marker, not one more class: negative, at least twice the
    class count, or near the top of a byte (8-bit masks mark void with 255, 254, 225...)."""
    return value < 0 or value >= 2 * classes or 200 <= value <= 255


def _ignored(call: cst.Call) -> int | None:
    """The ignore_index the criterion is built with, when written as an integer."""
    given = argument(call, 99, "ignore_index")
    negative = isinstance(given, cst.UnaryOperation) and isinstance(given.operator, cst.Minus)
    number = given.expression if negative else given
    if not isinstance(number, cst.Integer):
        return None
    return -number.evaluated_value if negative else number.evaluated_value


def _criteria(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[tuple[Source, cst.Call, object, object]]:
    """(source, the call that builds the criterion, its logits' frame, the logits): the failing loss
    module where it was constructed, or the functional loss called on the failing line."""
    module = diagnosis.module
    frames = list(user_frames(diagnosis, workspace))
    for frame, source in frames:
        for call in loss_calls(source, frame.line):
            logits = argument(call, 0, "input")
            if source.calls(call, FUNCTIONS):
                yield source, call, frame, logits
            elif module is not None and module.site is not None and module.class_name.endswith("Loss"):
                built = Source.parse(workspace, module.site.file)
                construction = built and built.call_at(module.site)
                if construction is not None and built.calls(construction, CRITERIA):
                    yield built, construction, frame, logits
        if frames:
            return


def _void_label(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    failing = OUT_OF_BOUNDS.search(diagnosis.message)
    loader = diagnosis.loader
    if failing is None or loader is None:
        return
    void = int(failing[1])
    held = [values for values in loader.sample_values.values() if void in values]
    if len(held) != 1:
        return
    for source, call, frame, logits in _criteria(diagnosis, workspace):
        classes = logits_classes(diagnosis, frame, logits)
        ignored = _ignored(call)
        if classes is None or ignored is None or ignored == void:
            continue
        beyond = [v for v in held[0] if not 0 <= v < classes and v != ignored]
        if beyond != [void] or not _far(void, classes):
            return  # labels past the head are classes: a class count, not a void label
        classes_held = ", ".join(str(v) for v in held[0] if 0 <= v < classes)
        given = argument(call, 99, "ignore_index")
        edit = changed(source, given, cst.parse_expression(str(void)),
                       f"in {source.code(call.func)}(...): the dataset's targets hold the classes {classes_held} of "
                       f"the {classes} outputs and {void}, far beyond them: its void label, where the criterion "
                       f"ignored {ignored}")
        yield edit
        return


class VoidLabel(Rule):
    categories = ("loss.target_out_of_bounds",)
    priority = 1

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _void_label(diagnosis, workspace)
