"""## What it does
Builds a loss class before calling it: `()` where the class is taken (`nn.MSELoss(a, b)` ->
`nn.MSELoss()(a, b)`, `return LOSSES[name]` -> `return LOSSES[name]()`).

## Why is this bad?
`Boolean value of Tensor with more than one value is ambiguous`, raised in a torch loss
class's constructor: the class was called with (input, target), which it takes as its options.
A loss made through anything the rule cannot follow (`functools.partial`) gets nothing.
A parameter of the enclosing function named as one of the loss's options (`label_smoothing`,
`weight`, `reduction`, ...) and read nowhere else is what the author meant the loss to take: it is
passed by keyword, so a setting the caller gives is not silently dropped.

## Example
```python
loss = nn.CrossEntropyLoss(logits, labels)
```

Use instead:
```python
loss = nn.CrossEntropyLoss()(logits, labels)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import changed, first_frame_edits
from resolver.fix.rules._origin import Step, Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, keyword_arg, names_in
from resolver.fix.rules._syntax import last_name, parameter_names
from resolver.write.edits import Edit, Workspace


def _loss_constructor_frame(diagnosis: Diagnosis) -> bool:
    """The error was raised inside a torch loss class's constructor: it was called with tensors."""
    return any(not f.user and f.function == "__init__" and f.file.as_posix().endswith("nn/modules/loss.py")
               for f in diagnosis.frames)


def _build_loss(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    for call in reversed(source.on_line(cst.Call, frame.line)):
        if len([a for a in call.args if a.keyword is None]) < 2:
            continue
        for step in tracer.chain(source, call.func, frame):
            node = step.node
            if isinstance(node, (cst.Attribute, cst.Name)) and (last_name(node) or "").endswith("Loss"):
                options = _unread_options(step.source, node)
                new = cst.Call(node, args=[keyword_arg(name, name) for name in options])
                passed = f", passing the function's {', '.join(options)} to it" if options else ""
                yield changed(step.source, node, new, "where the loss class is taken: a loss is built once, then "
                            f"called with (input, target){passed}")
                return
            if isinstance(node, cst.Subscript) and _holds_loss_classes(tracer, step):
                yield changed(step.source, node, cst.Call(node), "where the loss class is looked up: a loss is built "
                            "once, then called with (input, target)")
                return


# keyword options of torch's loss classes (their constructors take nothing else worth passing)
LOSS_OPTIONS = frozenset({"weight", "ignore_index", "reduction", "label_smoothing", "pos_weight", "margin",
                          "beta", "delta", "eps", "blank", "zero_infinity", "log_input", "full"})


def _unread_options(source: Source, node: cst.CSTNode) -> list[str]:
    """Parameters of the function around `node` named as loss options that its body never reads."""
    function = source.function_of(node)
    if function is None:
        return []
    read = set(names_in(function.body))
    return [name for name in parameter_names(function) if name in LOSS_OPTIONS and name not in read]


def _holds_loss_classes(tracer: Tracer, step: Step) -> bool:
    chain = tracer.chain(step.source, step.node.value, None)
    table = chain[-1].node
    return isinstance(table, cst.Dict) and bool(table.elements) and all(
        isinstance(e, cst.DictElement) and (last_name(e.value) or "").endswith("Loss") for e in table.elements)


class LossBuilt(Rule):
    categories = ("tensor.ambiguous_truth",)

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and _loss_constructor_frame(diagnosis)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from first_frame_edits(diagnosis, workspace, _build_loss)
