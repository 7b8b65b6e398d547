"""## What it does
Adds the batch axis to a dense target fed without one: when a loss gets an input of one sample
with its batch axis (`1 x C x H x W`) and a target that is exactly that sample's spatial map
(`H x W`), the target is followed back to where it is fed to the loss (the argument at the call,
through tuples, parameters and casts) and gets `.unsqueeze(0)` there, but only when every name on
the way is bound by an assignment or a parameter and read nowhere else in its scope; a target also
used elsewhere (collected for a metric) or drawn by a loop or comprehension (`for x, m in zip(...)`)
gets it at the loss call's argument instead. Nothing when the target is
not the input's spatial shape (labels of another split, a mask of another size): that is another
error, not a missing axis.

## Why is this bad?
`Expected input batch_size (1) to match target batch_size (128)`: a sample taken from a dataset
one at a time (an evaluation branch, a single image) has its image unsqueezed to a batch of one
but its mask left bare, so the loss reads the mask's height as its batch size.

## Example
```python
img = sample["image"].unsqueeze(0)  # 1 x 1 x H x W
loss = criterion(model(img), sample["mask"].long())  # H x W
```

Use instead:
```python
img = sample["image"].unsqueeze(0)
loss = criterion(model(img), sample["mask"].long().unsqueeze(0))
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame, Tensor
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, user_frames, wrap
from resolver.fix.rules._syntax import comprehension_for, latest_binding, parameter_names
from resolver.write.edits import Edit, Workspace

BATCHES = re.compile(r"Expected input batch_size \((\d+)\) to match target batch_size \((\d+)\)")
CASTS = frozenset({"long", "float", "int", "to", "double", "half", "byte", "type", "cpu", "cuda", "contiguous"})


class TargetBatchAxis(Rule):
    categories = ("shape.batch_size",)
    priority = 0  # before batch_size_mismatch and cat_along_batch: a target of one sample is neither a fold nor a cat

    def matches(self, diagnosis: Diagnosis) -> bool:
        found = BATCHES.search(diagnosis.message)
        return super().matches(diagnosis) and found is not None and found[1] == "1" and int(found[2]) > 1

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        rows = int(BATCHES.search(diagnosis.message)[2])
        tracer = Tracer(diagnosis, workspace)
        raised = _loss_inputs(diagnosis)
        for depth, (frame, source) in enumerate(user_frames(diagnosis, workspace)):
            for call in source.on_line(cst.Call, frame.line):
                given, target = argument(call, 0, "input"), argument(call, 1, "target")
                if given is None or target is None:
                    continue
                shapes = _shape(frame, given.value), _shape(frame, target.value)
                if depth == 0:  # the loss module the innermost frame called: the probe saw what it got
                    shapes = tuple(shape or seen for shape, seen in zip(shapes, raised))
                if None in shapes or not _lacks_batch_axis(*shapes, rows):
                    continue
                steps = tracer.chain(source, target.value, frame)
                fed = next((s for s in steps if not s.path and not isinstance(s.node, (cst.Name, cst.Tuple, cst.List))),
                           None)
                if fed is None:
                    return
                if not _only_for_the_loss(steps[:steps.index(fed)]):
                    fed = steps[0]  # the value is read elsewhere too, or comes from a loop: the loss's argument
                new = wrap(fed.source.code(fed.node), ".unsqueeze(0)")
                reason = (f"Changed {fed.source.code(fed.node)} to {fed.source.code(new)}: the loss gets an input of "
                          f"one sample with its batch axis {list(shapes[0])} and a target {list(shapes[1])} without "
                          "one, so it read the target's first spatial size as its batch")
                yield fed.source.edit(fed.source.replaced(fed.node, new), fed.source.line_of(fed.node), reason)
                return
            if frame.tensors:
                return  # the innermost frame the probe saw tensors in is the loss's; no guess further out


def _only_for_the_loss(steps: list) -> bool:
    """Every name the target passes through on its way back is bound by an assignment or a parameter
    (not a loop or a comprehension, whose value is one element of something else) and read nowhere
    else in its scope: an edit where the value is made changes the loss's target and nothing more."""
    for step in steps:
        node, source = step.node, step.source
        if not isinstance(node, cst.Name):
            continue
        if comprehension_for(source, node) is not None:
            return False
        scope = source.enclosing(node, cst.FunctionDef)
        binding = latest_binding(source, scope, node.value, source.line_of(node))
        if binding is not None and binding[2] is not None:
            return False
        if binding is None and (scope is None or node.value not in parameter_names(scope)):
            return False  # a closure's or a global's
        if _read_elsewhere(source, scope, node):
            return False
    return True


def _read_elsewhere(source: Source, scope: cst.FunctionDef | None, name: cst.Name) -> bool:
    """Another read of the name in its scope (nested functions included) than this one."""
    container = scope if scope is not None else source.module
    for other in source.nodes(cst.Name, lambda n: n.value == name.value and n is not name):
        if source.within(other, container) and not _written(source, other):
            return True
    return False


def _written(source: Source, name: cst.Name) -> bool:
    """The name is bound here or is no variable at all: an assignment, loop or parameter name, a keyword,
    an attribute, a def or class name."""
    parent = source.parents.get(name)
    if isinstance(parent, cst.Attribute) and parent.attr is name:
        return True
    if isinstance(parent, cst.Arg) and parent.keyword is name:
        return True
    if isinstance(parent, (cst.Param, cst.FunctionDef, cst.ClassDef, cst.ImportAlias)):
        return True
    node = name
    while node in source.parents:
        parent = source.parents[node]
        binds = (cst.AssignTarget, cst.AnnAssign, cst.For, cst.CompFor)
        if isinstance(parent, binds) and getattr(parent, "target", None) is node:
            return True
        if not isinstance(parent, (cst.Tuple, cst.List, cst.Element, cst.StarredElement)):
            return False
        node = parent
    return False


def _loss_inputs(diagnosis: Diagnosis) -> tuple:
    """The input's and target's shapes the module that raised was given, (None, None) if unseen."""
    inputs = diagnosis.modules[-1].inputs if diagnosis.modules else ()
    if len(inputs) < 2 or inputs[0] is None or inputs[1] is None:
        return None, None
    return tuple(inputs[0].shape), tuple(inputs[1].shape)


def _shape(frame: Frame, node: cst.BaseExpression) -> tuple[int, ...] | None:
    """The shape of a local tensor the argument names, through casts (`mask.long()`)."""
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in CASTS:
        node = node.func.value
    tensor: Tensor | None = frame.tensors.get(node.value) if isinstance(node, cst.Name) else None
    return tuple(tensor.shape) if tensor is not None else None


def _lacks_batch_axis(given: tuple[int, ...], target: tuple[int, ...], rows: int) -> bool:
    """An input of one sample `(1, C, *S)` and a target `S`: a dense target without its batch axis."""
    return len(given) >= 3 and given[0] == 1 and target == given[2:] and target[0] == rows
