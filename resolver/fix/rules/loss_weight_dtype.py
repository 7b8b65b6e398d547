"""## What it does
Makes a loss's class weights float32 where they are made, when the loss meets float32 inputs
with float64 (or int64) weights: `nn.CrossEntropyLoss(weight=w)`, `nn.NLLLoss(w)`,
`nn.MultiMarginLoss`, `F.cross_entropy(logits, y, weight=w)` (BCE's weights are promoted, not
refused). The weights are followed from the loss's construction (the probe's site of the module)
or from the functional call's keyword back to where the tensor is made (a helper in another file,
a Dataset's attribute, a registered buffer, a frozen `nn.Parameter`), and the dtype is stated
there: `torch.tensor(weights)` -> `torch.tensor(weights, dtype=torch.float32)`, or a cast where a
numpy array is converted. A helper other values pass through too (a `to_tensor` that keeps numpy's
dtype) is left alone: the cast goes where this caller makes the weights.

## Why is this bad?
`expected scalar type Float but found Double` inside a loss whose input and target are float32
and int64: class weights computed with numpy (`counts.sum() / counts`) are float64, and
`torch.tensor` keeps that dtype, so the weights are the one Double tensor the loss is given
(`found Long`: integer weights from a config list).
Nothing is proposed when an input the probe saw is itself float64 (then the data or the model
is the mismatch, dtype_contract's case), or when nothing on the trail converts values to a tensor
or states float64 (`torch.ones(4)` makes float32): they became float64 elsewhere (`criterion.weight = ...`).

## Example
```python
def class_weights(labels, n):
    counts = np.bincount(labels, minlength=n)
    return torch.tensor(counts.sum() / (n * counts))

criterion = nn.CrossEntropyLoss(weight=class_weights(train_labels, 4))
```

Use instead:
```python
def class_weights(labels, n):
    counts = np.bincount(labels, minlength=n)
    return torch.tensor(counts.sum() / (n * counts), dtype=torch.float32)
```
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._dtype_origin import CONVERSIONS, FLOATING, cast_at, fix_at_origin
from resolver.fix.rules._origin import Step, Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, user_frames
from resolver.fix.rules._syntax import is_none, last_name, parameter_names
from resolver.write.edits import Edit, Workspace

DOUBLE = re.compile(r"\b(float64|double)\b")
FLOAT_WANTED = re.compile(r"expected scalar type Float but found (?P<found>Double|Long)"
                          r"|found dtype (?P<given>Double|Long) but expected Float", re.IGNORECASE)
DTYPES = {"double": "float64", "long": "int64"}
# loss -> (position, keyword) of its class weights, in the module's constructor and in the functional call;
# the losses that take float64 weights with float32 inputs (BCE's, by type promotion) are not here
MODULE_WEIGHTS = {"CrossEntropyLoss": (0, "weight"), "NLLLoss": (0, "weight"), "MultiMarginLoss": (2, "weight")}
FUNCTIONAL_WEIGHTS = {"cross_entropy": (2, "weight"), "nll_loss": (2, "weight"), "multi_margin_loss": (4, "weight")}


class LossWeightDtype(Rule):
    categories = ("dtype.mismatch",)
    priority = 2  # after the rules about the data's and the model's dtypes: this one needs both float32

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and bool(FLOAT_WANTED.search(diagnosis.message))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        tracer = Tracer(diagnosis, workspace)
        said = FLOAT_WANTED.search(diagnosis.message)
        found = DTYPES[(said["found"] or said["given"]).lower()]
        module = diagnosis.module
        if module is not None and module.class_name in MODULE_WEIGHTS:
            if not _float32_scores(module.inputs, found) or module.site is None:
                return  # the data or the model is the mismatch: not the weights
            source = Source.parse(workspace, module.site.file)
            built = source and source.call_at(module.site)
            if built is not None:
                frame = next((f for f in tracer.frames if f.file == source.path
                              and f.function == module.site.function), None)
                yield from _made_float32(tracer, source, built, MODULE_WEIGHTS[module.class_name], frame, found)
            return
        for frame, source in user_frames(diagnosis, workspace):
            calls = [c for c in source.on_line(cst.Call, frame.line) if last_name(c.func) in FUNCTIONAL_WEIGHTS]
            for call in calls:
                given = [_tensor_of(frame, a.value) for a in call.args[:2]]
                if given[0] is not None and not _float32_scores(given, found):
                    return
                yield from _made_float32(tracer, source, call, FUNCTIONAL_WEIGHTS[last_name(call.func)], frame, found)
            if calls:
                return


def _float32_scores(inputs, found: str) -> bool:
    """The scores are float32, and no input is of the dtype the loss refused (then it is not the weights)."""
    return bool(inputs) and inputs[0] is not None and inputs[0].dtype == "float32" \
        and (found != "float64" or not any(t is not None and t.dtype == found for t in inputs))


def _made_float32(tracer: Tracer, source: Source, call: cst.Call, weights: tuple[int, str],
                  frame: Frame | None, dtype: str) -> Iterator[Edit]:
    """The dtype stated where the weight tensor the loss is given is made."""
    found = argument(call, *weights)
    known = found and frame and _tensor_of(frame, found.value)
    if found is not None and (known is None or known.dtype == dtype):  # one seen in float32 is not it
        value = found.value
        if isinstance(value, cst.IfExp) and is_none(value.orelse):  # `torch.tensor(w) if w is not None else None`
            value = value.body
        chain = tracer.chain(source, value, frame)
        last = chain[-1].node
        if isinstance(last, cst.Call) and last_name(last.func) == "Parameter" and last.args:  # a frozen Parameter
            chain += tracer.chain(chain[-1].source, last.args[0].value, None)
        shared = _shared_helper_entered(tracer, chain)
        if shared is not None:  # cast where this caller makes the weights, not in what others call too
            chain = chain[:shared]
            edit = cast_at(chain[-1], FLOATING, "where the weights are made (the helper serves other values)")
        else:
            made = known or _converted_or_double(chain)
            edit = fix_at_origin(chain, FLOATING, float64=dtype == "float64") if made else None
        if edit is not None:
            said = edit.reason.rsplit(": ", 1)[0]
            yield replace(edit, reason=f"{said}: the loss's class weights meet float32 inputs in {dtype}")


def _shared_helper_entered(tracer: Tracer, chain: list[Step]) -> int | None:
    """Where the trail enters a project function that more than one place calls, or that converts
    whatever it is given (`def to_tensor(values): return torch.tensor(np.asarray(values))`): the
    dtype it keeps serves other values too. None when the trail enters no such helper."""
    for index, step in enumerate(chain):
        function = step.source.enclosing(step.node, cst.FunctionDef) if step.role == "returned" else None
        if function is None or index == 0:
            continue
        name = function.name.value
        calls = sum(len(s.nodes(cst.Call, lambda c: last_name(c.func) == name)) for s in tracer.project_sources())
        if calls > 1 or _converts_a_parameter(step.node, function):
            return index
    return None


def _converts_a_parameter(returned: cst.BaseExpression, function: cst.FunctionDef) -> bool:
    value = returned
    while isinstance(value, cst.Call) and last_name(value.func) in CONVERSIONS | {"asarray", "array"} and value.args:
        value = value.args[0].value
    return value is not returned and isinstance(value, cst.Name) and value.value in parameter_names(function)


def _converted_or_double(chain: list[Step]) -> bool:
    """Made where values become a tensor (numpy's float64 kept), or stated float64: a torch factory
    (`torch.ones(4)`) makes float32, so such weights became float64 somewhere the trail does not go."""
    return any(isinstance(step.node, cst.Call) and last_name(step.node.func) in CONVERSIONS
               or DOUBLE.search(step.source.code(step.node)) for step in chain)


def _tensor_of(frame: Frame, node: cst.BaseExpression):
    return frame.tensors.get(node.value) if isinstance(node, cst.Name) else None
