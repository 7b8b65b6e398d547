"""## What it does
Compares a teacher-forced model's predictions with the target shifted by one step: where the
loss flattens the whole `target` (`target.view(-1)`) but the model was handed `target` and its
`forward` cut the last step off it (`target[:, :-1]`) to predict the next token, the loss gets
`target[:, 1:].reshape(-1)`. Only when the probe saw the predictions `[batch, steps - 1, ...]`
against the target `[batch, steps]`, and the forward that got the target slices it so.

## Why is this bad?
`Expected input batch_size (1216) to match target batch_size (1280)`: the model predicts
token t + 1 from tokens up to t, one step fewer than the sequence, so each prediction must meet
the token after its input, not the whole sequence.

## Example
```python
logits = model(src, tgt)  # forward: self.decoder(tgt[:, :-1], memory)
loss = criterion(logits.reshape(-1, vocab), tgt.view(-1))
```

Use instead:
```python
logits = model(src, tgt)
loss = criterion(logits.reshape(-1, vocab), tgt[:, 1:].reshape(-1))
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst
import libcst.matchers as m

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import classes_named, methods
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call, user_frames
from resolver.fix.rules._syntax import latest_binding, parameter_names
from resolver.write.edits import Edit, Workspace

ROWS = re.compile(r"Expected input batch_size \((\d+)\) to match target batch_size \((\d+)\)")
FLATTENS = ("view", "reshape", "flatten")


def _flattened_name(node: cst.CSTNode) -> cst.Name | None:
    """`y` of `y.view(-1)`, `y.reshape(-1)`, `y.flatten()`, `y.contiguous().view(-1)`."""
    if not method_call(node, *FLATTENS):
        return None
    inner = node.func.value
    if method_call(inner, "contiguous"):
        inner = inner.func.value
    return inner if isinstance(inner, cst.Name) else None


def _drops_last_step(workspace: Workspace, class_name: str, position: int) -> bool:
    """The class's forward slices its parameter at `position` as `p[:, :-1]` (teacher forcing)."""
    forwards = [methods(node).get("forward") for _, node in classes_named(workspace, class_name)]
    if len(forwards) != 1 or forwards[0] is None:
        return False
    names = parameter_names(forwards[0])[1:]
    if position >= len(names):
        return False
    cut = cst.parse_expression(f"{names[position]}[:, :-1]")
    # the cut must be what a layer reads (`self.decoder(tgt[:, :-1], ...)`, `inputs = tgt[:, :-1]` then
    # `self.embed(inputs)`): a padding mask cut the same way says nothing about teacher forcing
    held = {t.target.value for a in m.findall(forwards[0], m.Assign()) if a.value.deep_equals(cut)
            for t in a.targets if isinstance(t.target, cst.Name)}
    layer_inputs = [a.value for c in m.findall(forwards[0], m.Call(func=m.Attribute(value=m.Name("self"))))
                    for a in c.args]
    return any(v.deep_equals(cut) or isinstance(v, cst.Name) and v.value in held for v in layer_inputs)


def _fed_to_model(workspace: Workspace, source: Source, frame, function, prediction: str, target: str,
                  line: int) -> bool:
    """`prediction = model(..., target, ...)` before the loss, `model` a module whose forward cuts
    the target's last step."""
    binding = latest_binding(source, function, prediction, line)
    call = binding[0] if binding is not None and not binding[1] else None
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name) or call.func.value not in frame.models:
        return False
    positions = [i for i, a in enumerate(call.args) if not a.star and a.keyword is None
                 and isinstance(a.value, cst.Name) and a.value.value == target]
    return len(positions) == 1 and _drops_last_step(workspace, frame.models[call.func.value][0], positions[0])


class TargetNotShifted(Rule):
    categories = ("shape.batch_size",)
    priority = -1  # before batch_size_mismatch: one step fewer per sequence is a shift, not a fold

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        rows = ROWS.search(diagnosis.message)
        if rows is None:
            return
        for frame, source in user_frames(diagnosis, workspace):
            function = source.function_of(source.statement_at(frame.line) or source.module)
            for call in source.on_line(cst.Call, frame.line):
                flattened = [(a, _flattened_name(a.value)) for a in call.args if _flattened_name(a.value)]
                if len(flattened) != 2:
                    continue
                (_, predicted), (target_arg, target) = flattened
                pred, tgt = frame.tensors.get(predicted.value), frame.tensors.get(target.value)
                if pred is None or tgt is None or len(pred.shape) < 2 or len(tgt.shape) != 2 \
                        or pred.shape[0] != tgt.shape[0] or pred.shape[1] != tgt.shape[1] - 1 \
                        or int(rows[2]) - int(rows[1]) != tgt.shape[0]:
                    continue
                if not _fed_to_model(workspace, source, frame, function, predicted.value, target.value, frame.line):
                    continue
                flatten = target_arg.value
                shifted = flatten.with_changes(func=flatten.func.with_changes(
                    value=cst.parse_expression(f"{target.value}[:, 1:]"),
                    attr=cst.Name("reshape" if flatten.func.attr.value == "view" else flatten.func.attr.value)))
                reason = (f"Compared the predictions with {target.value}[:, 1:]: the model was given {target.value} "
                          f"and predicts each next step from {target.value}[:, :-1], one step fewer than "
                          f"{target.value} has")
                yield source.edit(source.replaced(flatten, shifted), frame.line, reason)
                return
