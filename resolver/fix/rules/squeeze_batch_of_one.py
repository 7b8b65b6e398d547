"""## What it does
Replaces a `squeeze()` without a dimension that made a layer's input, when that input arrives with
one dimension too few and is a vector, by `flatten(1)`: it keeps the batch dimension, and for any
batch of two or more it gives the very tensor the squeeze gave (a squeeze that leaves
`[batch, features]` has only ones to drop besides them). The same when the loss got logits that are
a vector against the target of one sample: the squeeze is looked for in the forward of the model
whose output the loss took (`model(x)` in the loss's frame), back from its return through the
layers that keep the rank (`Linear`, dropout, activations, `F.relu`, a `Sequential` of only these).
Nothing when the squeezed value may not hold the batch first: unpacked or indexed out of a call's
result (an RNN's `h_n` is `[layers, batch, hidden]`), permuted or transposed, or made by a
sequence-first module; nor when the loss's logits were indexed or reshaped after the model.
And when an op on the model's output names a dimension it no longer has (`model(x).squeeze(1)`:
`Dimension out of range`) while the batch holds one sample: the squeeze in the forward, a bare one,
or `squeeze(0)` on a value that holds the batch first, which for any larger batch does nothing and
is dropped.

## Why is this bad?
`expected 2D or 3D input (got 1D input)`, or `size mismatch (got input: [80], target: [1])` from
the loss: `squeeze()` drops every dimension of size one, the batch
dimension too when the batch holds one sample (the last batch of a split, a single test image).
Pooled features `[N, C, 1, 1]` then become `[C]` instead of `[1, C]`, and the next BatchNorm or
Linear sees no batch. A fixed batch size or `drop_last=True` hides this (and the forward still
fails on one image at inference); naming what to keep does not.

## Example
```python
x = self.avgpool(x)
x = torch.squeeze(x)
x = self.classifier(x)  # BatchNorm1d inside
```

Use instead:
```python
x = self.avgpool(x)
x = torch.flatten(x, 1)
x = self.classifier(x)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, method_call, user_frames
from resolver.fix.rules._syntax import attribute_assignments, bare_squeeze, last_name, own_nodes, the_return
from resolver.write.edits import Edit, Workspace

RANKS = re.compile(r"expected (\d+)D (?:or (\d+)D )?input \(got (\d+)D input\)")
LOGITS_OF_ONE = re.compile(r"size mismatch \(got input: \[\d+\], target: \[1\]\)")  # a vector for one sample
DIM_OUT_OF_RANGE = re.compile(r"Dimension out of range \(expected to be in range of \[-\d+, \d+\], but got -?\d+\)")
# layers whose output has the rank of their input: a batch dimension lost before them is lost after them
RANK_KEEPING = {"Linear", "Dropout", "ReLU", "GELU", "LeakyReLU", "SiLU", "ELU", "Tanh", "Sigmoid", "Identity",
                "Sequential", "LayerNorm", "BatchNorm1d", "Softmax", "LogSoftmax"}
# torch.nn.functional calls that keep the rank (F.pad, pooling, interpolate change it or need more dimensions)
FUNCTIONAL_RANK_KEEPING = {"relu", "gelu", "leaky_relu", "silu", "elu", "tanh", "sigmoid", "dropout", "linear",
                           "layer_norm", "batch_norm", "softmax", "log_softmax", "normalize"}
# modules whose output puts the sequence first unless built with batch_first=True
SEQUENCE_FIRST = {"RNN", "LSTM", "GRU", "Transformer", "TransformerEncoder", "TransformerDecoder",
                  "MultiheadAttention"}
# calls that move the batch away from dimension 0
REORDERING = ("permute", "transpose", "t", "swapaxes", "swapdims", "movedim", "moveaxis")
# methods between the model's call and the loss that leave the shape as the model made it
KEEP_SHAPE = {"to", "cuda", "cpu", "float", "double", "half", "bfloat16", "detach", "clone", "contiguous", "type"}
LAYERS_WALKED = 6
FRAMES = 3  # the user frames looked at, innermost first: the layer's call and the forwards around it


def _lost_the_batch(diagnosis: Diagnosis) -> bool:
    """The layer wanted [batch, features] (or more) and got a vector: one dimension short; or the loss
    got a vector of logits for a target of one sample; or an op asked for a dimension the tensor lacks
    while the failing frame holds a tensor whose first dimension is 1 (what the batch may be: the
    squeeze is then looked for where the model's output is made, and dropped only on a proven batch)."""
    if diagnosis.category == "loss.batch_mismatch":
        return bool(LOGITS_OF_ONE.search(diagnosis.message))
    if diagnosis.category == "shape.dim_out_of_range":
        frame = diagnosis.location
        return bool(DIM_OUT_OF_RANGE.search(diagnosis.message)) and frame is not None and any(
            t.shape[:1] == (1,) for t in frame.tensors.values())
    found = RANKS.search(diagnosis.message)
    return bool(found) and int(found[3]) == 1 and int(found[1]) == 2


class SqueezeBatchOfOne(Rule):
    categories = ("shape.norm_input_rank", "loss.batch_mismatch", "shape.dim_out_of_range")

    def matches(self, diagnosis: Diagnosis) -> bool:
        return diagnosis.category in self.categories and _lost_the_batch(diagnosis)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        tracer = Tracer(diagnosis, workspace)
        if diagnosis.category != "shape.norm_input_rank":
            found = _squeeze_in_model(tracer, _model_class(tracer, diagnosis, workspace))
            if found is not None:
                yield _flattened(*found) if found[2] is not None else _dropped(*found[:2])
            return
        for depth, (frame, source) in enumerate(user_frames(diagnosis, workspace)):
            if depth == FRAMES:
                return
            for call in source.on_line(cst.Call, frame.line):
                positional = [a for a in call.args if a.keyword is None and not a.star]
                if len(positional) != 1:
                    continue
                for step in tracer.chain(source, positional[0].value, frame)[1:]:
                    found = bare_squeeze(step.source, step.node)
                    if found is None:
                        continue
                    yield _flattened(step.source, *found)
                    return


def _flattened(source: Source, squeeze: cst.Call, flat: str) -> Edit:
    reason = (f"Changed {source.code(squeeze)} to {flat}: the squeeze also dropped the batch dimension of a batch "
              "of one sample; flatten(1) keeps it and gives the same features for larger batches")
    return source.edit(source.replaced(squeeze, cst.parse_expression(flat)), source.line_of(squeeze), reason)


def _dropped(source: Source, squeeze: cst.Call) -> Edit:
    operand = _operand(source, squeeze)
    reason = (f"Changed {source.code(squeeze)} to {source.code(operand)}: squeeze(0) dropped the batch dimension of a "
              "batch of one sample; for any larger batch it did nothing")
    return source.edit(source.replaced(squeeze, operand), source.line_of(squeeze), reason)


def _operand(source: Source, squeeze: cst.Call) -> cst.BaseExpression:
    return squeeze.args[0].value if source.calls(squeeze, {"torch.squeeze"}) else squeeze.func.value


def _first_dimension_squeeze(source: Source, node: cst.CSTNode) -> cst.Call | None:
    """`x.squeeze(0)`, `x.squeeze(dim=0)` or `torch.squeeze(x, 0)`."""
    if not isinstance(node, cst.Call):
        return None
    if method_call(node, "squeeze") and not source.qualified_names(node.func.value) & {"torch"}:
        dim = argument(node, 0, "dim")
    elif source.calls(node, {"torch.squeeze"}) and node.args and node.args[0].keyword is None:
        dim = argument(node, 1, "dim")
    else:
        return None
    return node if dim is not None and isinstance(dim.value, cst.Integer) and dim.value.value == "0" else None


def _positional(call: cst.Call) -> list[cst.BaseExpression]:
    return [a.value for a in call.args if a.keyword is None and not a.star]


def _model_class(tracer: Tracer, diagnosis: Diagnosis, workspace: Workspace) -> str | None:
    """The class of the model whose output was used: for a loss, in a user frame, the loss
    (`loss.backward()` traced back to `criterion(out, y)`, or the loss call on the line) has a first
    argument that traces back to `model(x)`, `model` a model the probe saw in that frame; for a
    dimension out of range, the tensor an op on the failing line works on (`model(x).squeeze(1)`,
    `torch.argmax(out, 1)`) traces back so."""
    if diagnosis.category == "shape.dim_out_of_range":
        frame, source = next(user_frames(diagnosis, workspace), (None, None))  # the failing line's own frame
        if frame is not None and frame is diagnosis.location:
            for call in source.on_line(cst.Call, frame.line):
                operands = [call.func.value] if isinstance(call.func, cst.Attribute) else []
                for operand in operands + _positional(call)[:1]:  # `out.squeeze(1)`, `torch.argmax(out, 1)`
                    name = _model_called(tracer, source, operand, frame)
                    if name is not None:
                        return name
        return None
    for frame, source in user_frames(diagnosis, workspace):
        for call in source.on_line(cst.Call, frame.line):
            start = call.func.value if method_call(call, "backward") else call
            for step in tracer.chain(source, start, frame):
                arguments = _positional(step.node) if isinstance(step.node, cst.Call) else []
                if step.source is not source or len(arguments) < 2:
                    continue
                name = _model_called(tracer, source, arguments[0], frame)
                if name is not None:
                    return name
    return None


def _model_called(tracer: Tracer, source: Source, value: cst.BaseExpression, frame) -> str | None:
    """The class of the model `value` is the output of (`model(x)`, `model` a model the probe saw in
    `frame`), through what keeps its shape."""
    for made in tracer.chain(source, value, frame):
        callee = made.node.func if isinstance(made.node, cst.Call) else None
        if isinstance(made.node, cst.Subscript) \
                or isinstance(callee, cst.Attribute) and callee.attr.value not in KEEP_SHAPE:
            return None  # indexing or a reshape may have made the vector (`out[0]`, `out.view(-1)`)
        if isinstance(callee, cst.Name) and callee.value in frame.models:
            return frame.models[callee.value][0]
    return None


def _self_layer(source: Source, klass: cst.ClassDef, func: cst.BaseExpression) -> cst.Call | None:
    """The torch.nn construction `self.x = nn.Layer(...)` behind a `self.x(...)` call, when it is the only one."""
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self"):
        return None
    made = attribute_assignments(source, klass, func.attr.value)
    layer = made[0][0] if len(made) == 1 and not made[0][1] else None
    return layer if isinstance(layer, cst.Call) and _torch_nn(source, layer) else None


def _torch_nn(source: Source, layer: cst.Call) -> bool:
    return any(q.startswith("torch.nn.") for q in source.qualified_names(layer.func))


def _keeps_rank(source: Source, layer: cst.BaseExpression) -> bool:
    """A torch.nn layer of RANK_KEEPING; a Sequential only when every layer inside it is one."""
    if not isinstance(layer, cst.Call) or last_name(layer.func) not in RANK_KEEPING or not _torch_nn(source, layer):
        return False
    return last_name(layer.func) != "Sequential" or all(_keeps_rank(source, a.value) for a in layer.args)


def _layer_input(source: Source, klass: cst.ClassDef, node: cst.BaseExpression) -> cst.BaseExpression | None:
    """The input of a call that keeps its rank: `self.fc(x)` with `self.fc` built as one of torch's
    RANK_KEEPING layers, or `F.relu(x)` (one of FUNCTIONAL_RANK_KEEPING)."""
    if not isinstance(node, cst.Call) or not _positional(node):
        return None
    layer = _self_layer(source, klass, node.func)
    if layer is not None:
        return _positional(node)[0] if _keeps_rank(source, layer) else None
    functional = {f"torch.nn.functional.{name}" for name in FUNCTIONAL_RANK_KEEPING}
    return _positional(node)[0] if source.qualified_names(node.func) & functional else None


def _walked(tracer: Tracer, source: Source, klass: cst.ClassDef, value: cst.BaseExpression) -> Iterator[list]:
    """The trail of a value back through the layers that keep the rank: the steps to each layer's
    call (`self.fc(h)`, then what made `h`, ...), at most LAYERS_WALKED layers."""
    for _ in range(LAYERS_WALKED):
        steps = tracer.chain(source, value, None)
        yield steps
        value = _layer_input(source, klass, steps[-1].node) if steps else None
        if value is None:
            return


def _batch_first(tracer: Tracer, source: Source, klass: cst.ClassDef, squeezed: cst.BaseExpression,
                 proven: bool = False) -> bool:
    """Whether the squeezed value can be taken to hold the batch in dimension 0: not when it was
    unpacked from (or indexed out of) a call's result, as an RNN's `h_n` of (layers, batch, hidden) is, nor
    when it comes from a reordering (`permute`, `transpose`) or a module that puts the sequence first;
    looked for back through the layers that keep the rank (`self.dropout(h_n)` is still `h_n`). With
    `proven`, the trail must also pass where a batch-first value is made (`_makes_batch_first`, or the
    forward's input) and no `unsqueeze`: an activation or helper the walk does not know may take an
    RNN state, and an unsqueezed sample is the code's own batch of one."""
    forward = _forward(klass)
    shown, inputs = False, {p.name.value for p in forward.params.params[1:]} if forward is not None else set()
    for steps in _walked(tracer, source, klass, squeezed):
        for step in steps:
            node = step.node
            if step.path or isinstance(node, cst.Subscript) or method_call(node, *REORDERING) \
                    or isinstance(node, cst.Attribute) and node.attr.value in ("T", "mT"):
                return False
            if proven and (method_call(node, "unsqueeze") or source.calls(node, {"torch.unsqueeze"})):
                return False  # the code made a dimension of one itself: a sample it batches, not the loader's batch
            layer = _self_layer(source, klass, node.func) if isinstance(node, cst.Call) else None
            if layer is not None and last_name(layer.func) in SEQUENCE_FIRST and not any(
                    a.keyword is not None and a.keyword.value == "batch_first" and last_name(a.value) == "True"
                    for a in layer.args):
                return False
            # the model's own input (the batch the loader made), or a call that keeps the batch first
            shown = shown or step.source is source and (
                isinstance(node, cst.Name) and node.value in inputs or _makes_batch_first(source, node))
    return not proven or shown


def _forward(klass: cst.ClassDef) -> cst.FunctionDef | None:
    """The class's one `forward`."""
    forward = [f for f in own_nodes(klass, cst.FunctionDef) if f.name.value == "forward"]
    return forward[0] if len(forward) == 1 else None


def _makes_batch_first(source: Source, node: cst.CSTNode) -> bool:
    """`torch.cat(..., dim=1)` or `torch.stack(..., dim=1)` (any dimension past the batch), `x.flatten(1)`,
    `torch.flatten(x, 1)`, `x.view(x.size(0), -1)` / `reshape(batch_size, ...)`: calls that keep or
    build dimension 0 as the batch."""
    if not isinstance(node, cst.Call):
        return False
    if source.calls(node, {"torch.cat", "torch.concat", "torch.stack"}):
        dim = argument(node, 1, "dim")
        return dim is not None and isinstance(dim.value, cst.Integer) and int(dim.value.value) >= 1
    if source.calls(node, {"torch.flatten"}) or method_call(node, "flatten"):
        start = argument(node, 1 if source.calls(node, {"torch.flatten"}) else 0, "start_dim")
        return start is not None and isinstance(start.value, cst.Integer) and start.value.value == "1"
    if method_call(node, "view", "reshape") and node.args:
        first = source.code(node.args[0].value)
        return any(k in first for k in ("size(0)", "shape[0]", "batch"))
    return False


def _squeeze_in_model(tracer: Tracer, name: str | None):
    """(source, squeeze, its flatten(1) form) for a bare squeeze that made the model's output, back
    from its forward's return through rank-keeping layers; (source, squeeze, None) for a `squeeze(0)`
    there, on a value shown to hold the batch first."""
    classes = [(s, c) for s in tracer.project_sources() for c in s.nodes(cst.ClassDef) if c.name.value == name]
    if len(classes) != 1:
        return None
    source, klass = classes[0]
    forward = _forward(klass)
    value = the_return(forward, ()) if forward is not None else None
    for steps in _walked(tracer, source, klass, value) if value is not None else ():
        for step in steps:
            found = bare_squeeze(step.source, step.node) if step.source is source else None
            first = _first_dimension_squeeze(source, step.node) if step.source is source else None
            if found is None and first is None:
                continue
            squeeze = found[0] if found is not None else first
            if not _batch_first(tracer, source, klass, _operand(source, squeeze), proven=found is None):
                return None
            return (source, *found) if found is not None else (source, first, None)
    return None
