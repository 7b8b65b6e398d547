"""## What it does
Keeps the batch dimension where a flatten folded it into the features: `x.view(-1, N)` in
forward becomes `x.view(x.size(0), -1)`. An RNN's per-step output flattened into rows
(`out.reshape(-1, hidden)` after `out, _ = self.lstm(x)`), when the predictions have a whole
multiple of the targets' rows, becomes the last step, `out[:, -1, :]` (`out[-1]` time-major). A
Dataset's next-step pair with one side shifted and the other whole (`return clip, clip[1:]`)
gets the whole side cut at the other end (`clip[:-1]`).

## Why is this bad?
`Expected input batch_size (128) to match target batch_size (2)`, `shape '[-1, 256]' is
invalid for input of size 800`, a Linear whose batch differs from the model's, or `The size of
tensor a (3072) must match the size of tensor b (64) at non-singleton dimension 0`: the model
gives another number of rows than there are targets.

## Example
```python
def forward(self, x):
    x = self.conv(x)
    return self.fc(x.view(-1, 256))
```

Use instead:
```python
def forward(self, x):
    x = self.conv(x)
    return self.fc(x.view(x.size(0), -1))
```
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call, project_files
from resolver.fix.rules._syntax import attribute_targets, latest_binding, own_nodes
from resolver.write.edits import Edit, Workspace

MAX_CANDIDATES = 60  # files searched for the fold: the frames' and modules' first, then the nearest
RNNS = frozenset({"torch.nn.LSTM", "torch.nn.GRU", "torch.nn.RNN", "torch.nn.modules.rnn.LSTM",
                  "torch.nn.modules.rnn.GRU", "torch.nn.modules.rnn.RNN"})
# a loss comparing rows, the predictions' first
ROWS = re.compile(r"The size of tensor a \((\d+)\) must match the size of tensor b \((\d+)\) "
                  r"at non-singleton dimension 0"
                  r"|Expected input batch_size \((\d+)\) to match target batch_size \((\d+)\)")


def _candidate_files(diagnosis: Diagnosis, workspace: Workspace) -> list[Path]:
    """The frames' and the modules' files first, then the project's other Python files."""
    first = [f.file.resolve() for f in reversed(diagnosis.frames) if f.user]
    first += [m.site.file.resolve() for m in diagnosis.modules if m.site]
    rest = [p.resolve() for p in project_files(workspace)]
    ordered = []
    for path in first + rest:
        if path not in ordered and len(ordered) < MAX_CANDIDATES:
            ordered.append(path)
    return ordered


def _flattens_batch(call: cst.Call) -> bool:
    """`.view(-1, N)` / `.reshape(-1, N)` with N not -1."""
    args = [a.value for a in call.args]
    return (method_call(call, "view", "reshape") and len(args) == 2
            and isinstance(args[0], cst.UnaryOperation) and isinstance(args[0].operator, cst.Minus)
            and isinstance(args[0].expression, cst.Integer) and args[0].expression.value == "1")


class BatchFoldedByFlatten(Rule):
    categories = ("shape.batch_size", "shape.view_invalid", "shape.linear_in_features", "shape.broadcast")
    priority = 1  # after module_input, which takes the Linear errors whose batch is intact

    def matches(self, diagnosis: Diagnosis) -> bool:
        if diagnosis.category == "shape.broadcast":
            return _steps_per_target(diagnosis)
        return super().matches(diagnosis) and (diagnosis.category != "shape.linear_in_features"
                                               or diagnosis.batch_folded)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if diagnosis.category == "shape.batch_size":
            yield from _shifted_pair(diagnosis, workspace)
        failing = {(f.file.resolve(), f.line) for f in diagnosis.frames if f.user}
        for path in _candidate_files(diagnosis, workspace):
            source = Source.parse(workspace, path)
            if source is None:
                continue
            for call in source.nodes(cst.Call, _flattens_batch):
                function = source.enclosing(call, cst.FunctionDef)
                at_failing_line = (path, source.line_of(call)) in failing
                if diagnosis.category == "shape.view_invalid" and not at_failing_line:
                    continue
                if not at_failing_line and (function is None or function.name.value != "forward"):
                    continue
                last_step = _last_step(source, call) if _steps_per_target(diagnosis) else None
                if last_step is not None:
                    reason = (f"Changed {source.code(call)} to {source.code(last_step)}: the flatten made a row of "
                              "every time step of the RNN's output, where the targets have one per sequence; the head "
                              "takes the last step")
                    yield source.edit(source.replaced(call, last_step), source.line_of(call), reason)
                    continue
                if diagnosis.category == "shape.broadcast":
                    continue  # rows that differ in a loss are an RNN's steps here, or another rule's
                tensor = source.module.code_for_node(call.func.value)
                new_call = call.with_changes(args=[cst.Arg(cst.parse_expression(f"{tensor}.size(0)")),
                                                   call.args[1].with_changes(value=cst.parse_expression("-1"))])
                reason = (f"Changed {source.code(call)} to {source.code(new_call)}: the flatten folded the batch "
                          "dimension into the features")
                yield source.edit(source.replaced(call, new_call), source.line_of(call), reason)


def _steps_per_target(diagnosis: Diagnosis) -> bool:
    """The predictions have several rows per target row, as a row per time step would give (not
    one more step per sequence: that is how the inputs were cut, not how they were flattened)."""
    rows = ROWS.search(diagnosis.message)
    if rows is None:
        return False
    predicted, targets = (int(rows[1]), int(rows[2])) if rows[1] else (int(rows[3]), int(rows[4]))
    return targets > 0 and predicted > targets and predicted % targets == 0


def _last_step(source: Source, flatten: cst.Call) -> cst.BaseExpression | None:
    """`out[:, -1, :]` (`out[-1]` time-major) when the flattened tensor is the per-step output of
    an RNN the same class builds, `out, _ = self.rnn(x)` or `self.rnn(x)[0]` in the same function."""
    receiver = flatten.func.value
    while method_call(receiver, "contiguous") and not receiver.args:
        receiver = receiver.func.value
    function = source.enclosing(flatten, cst.FunctionDef)
    klass = source.enclosing(flatten, cst.ClassDef)
    if not isinstance(receiver, cst.Name) or function is None or klass is None:
        return None
    binding = latest_binding(source, function, receiver.value, source.line_of(flatten))
    if binding is None or binding[2] is not None:
        return None
    value, path, _ = binding
    if isinstance(value, cst.Subscript) and not path and len(value.slice) == 1 \
            and isinstance(value.slice[0].slice, cst.Index) and isinstance(value.slice[0].slice.value, cst.Integer) \
            and value.slice[0].slice.value.value == "0":
        value, path = value.value, (0,)
    if path != (0,) or not isinstance(value, cst.Call) or not isinstance(value.func, cst.Attribute) \
            or not isinstance(value.func.value, cst.Name) or value.func.value.value != "self":
        return None
    built = _built_as(source, klass, value.func.attr.value)
    if built is None or not source.calls(built, RNNS):
        return None
    batch_first = next((a.value for a in built.args if a.keyword is not None and a.keyword.value == "batch_first"),
                       None)
    if batch_first is not None and not (isinstance(batch_first, cst.Name) and batch_first.value in ("True", "False")):
        return None  # a batch_first the code computes: which axis is time is not sure
    name = receiver.value
    if batch_first is not None and batch_first.value == "True":
        return cst.parse_expression(f"{name}[:, -1, :]")
    return cst.parse_expression(f"{name}[-1]")


def _built_as(source: Source, klass: cst.ClassDef, attribute: str) -> cst.Call | None:
    """The one call the class assigns to `self.attribute`."""
    found = []
    for method in own_nodes(klass, cst.FunctionDef):
        for node in own_nodes(method, cst.Assign):
            for target in node.targets:
                if any(not path for path, _ in attribute_targets(target.target, attribute)):
                    found.append(node.value)
    return found[0] if len(found) == 1 and isinstance(found[0], cst.Call) else None


def _shifted_pair(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """`return x, y` in the loader's Dataset, one of them `seq[k:]` and the other the whole `seq`:
    the whole one becomes `seq[:-k]`, when the rows differ by k per sequence."""
    rows = ROWS.search(diagnosis.message)
    loader = diagnosis.loader
    if rows is None or not rows[3] or loader is None or loader.dataset_file is None or not loader.dataset_class:
        return
    predicted, targets = int(rows[3]), int(rows[4])
    source = Source.parse(workspace, loader.dataset_file)
    if source is None or predicted == targets:
        return
    class_name = loader.dataset_class.rsplit(".", 1)[-1]
    for klass in source.nodes(cst.ClassDef, lambda c: c.name.value == class_name):
        for method in own_nodes(klass, cst.FunctionDef):
            returns = [r for r in own_nodes(method, cst.Return)] if method.name.value == "__getitem__" else []
            if len(returns) != 1 or not isinstance(returns[0].value, cst.Tuple) or len(returns[0].value.elements) != 2:
                continue
            parts = [_sequence_part(source, method, e.value) for e in returns[0].value.elements]
            if None in parts or parts[0][0] != parts[1][0] or (parts[0][1] is None) == (parts[1][1] is None):
                continue  # not one sequence, whole on one side and shifted on the other
            whole, shifted = (parts[0], parts[1]) if parts[0][1] is None else (parts[1], parts[0])
            step = shifted[1]
            difference = abs(predicted - targets)
            if step is None or difference % step or predicted % (difference // step) or targets % (difference // step):
                continue  # the rows do not differ by the shift once per sequence
            node = whole[2]
            cut = cst.parse_expression(f"{source.code(node)}[:-{step}]")
            reason = (f"Changed {source.code(node)} to {source.code(cut)}: {class_name} pairs the whole sequence with "
                      f"{source.code(shifted[2])}, so inputs and targets differ by {step} step(s) per sample")
            yield source.edit(source.replaced(node, cut), source.line_of(node), reason)


def _sequence_part(source: Source, method: cst.FunctionDef, node: cst.BaseExpression):
    """(the sequence's name, the shift k of `seq[k:]` or None for the whole `seq`, the node) for
    a part returned by name, through plain local aliases (`x = chunk`)."""
    for _ in range(4):
        if isinstance(node, cst.Name):
            binding = latest_binding(source, method, node.value, source.line_of(node))
            if binding is not None and binding[2] is None and not binding[1] \
                    and isinstance(binding[0], (cst.Name, cst.Subscript)) and _shift(binding[0]) != "other":
                node = binding[0]
                continue
            return node.value, None, node
        break
    shift = _shift(node)
    if isinstance(shift, int) and isinstance(node.value, cst.Name):
        return node.value.value, shift, node
    return None


def _shift(node: cst.BaseExpression):
    """k for `seq[k:]` (k > 0), None for a plain name, "other" for any other subscript."""
    if isinstance(node, cst.Name):
        return None
    if not (isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Slice)):
        return "other"
    cut = node.slice[0].slice
    if cut.upper is None and cut.step is None and isinstance(cut.lower, cst.Integer) and int(cut.lower.value) > 0:
        return int(cut.lower.value)
    return "other"
