"""## What it does
Fixes the bridge between torch and numpy, both ways, on the failing line: `.detach()`,
`.cpu()` or, for a bfloat16 tensor, `.float()` goes in front of the `.numpy()` (or into
`np.array(...)`, or onto the element of a comprehension a numpy function reads:
`np.mean([loss_fn(m(x), y).detach() for x, y in val])`);
an object array handed to torch (one array per sample: a column of a `dtype=object` batch, an
`np.empty(n, dtype=object)` filled row by row) becomes `np.stack(...)` inside the one conversion
on the line (two conversions there: nothing).
A running total that starts as a number and has a loss tensor added (`total += loss`), converted
itself or through the list it is appended to (`history["loss"].append(total / n)`), adds the
loss as a number where it is summed: `total += loss.item()`. A list of tensors gets no `.detach()`.

## Why is this bad?
`Can't call numpy() on Tensor that requires grad`, `can't convert cuda:0 device type tensor to
numpy`, `Got unsupported ScalarType BFloat16`: numpy cannot hold a graph, a GPU tensor or a
bfloat16 one (what autocast makes). `can't convert np.ndarray of type numpy.object_`: the
array holds Python objects. Rows that differ in shape make `np.stack` fail
too, and verification rejects it.

## Example
```python
scores = model(x).numpy()
```

Use instead:
```python
scores = model(x).detach().numpy()
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._origin import Step, Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call, names_in, user_frames, wrap
from resolver.fix.rules._syntax import last_name, own_nodes, sums_in_loop
from resolver.write.edits import Edit, Workspace

ARRAY_FUNCTIONS = {"array", "asarray", "asanyarray"}
INTO_TORCH = frozenset({"torch.as_tensor", "torch.tensor", "torch.from_numpy", "torch.asarray", "torch.Tensor",
                        "torch.FloatTensor", "torch.DoubleTensor", "torch.LongTensor", "torch.IntTensor"})

# category -> (the call that makes the tensor one numpy can take, why)
STEPS = {"numpy.requires_grad": (".detach()", "the tensor is part of the autograd graph"),
         "numpy.cuda_tensor": (".cpu()", "the tensor is on the GPU"),
         "numpy.low_precision": (".float()", "the tensor is bfloat16, which numpy has no dtype for")}


class NumpyTensor(Rule):
    categories = ("numpy.requires_grad", "numpy.cuda_tensor", "numpy.object_array", "numpy.low_precision")

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if diagnosis.category == "numpy.object_array":
            yield from _stacked(diagnosis, workspace)
            return
        step, why = STEPS[diagnosis.category]
        for frame, source in user_frames(diagnosis, workspace):
            targets = _converted(source, frame.line)
            if diagnosis.category == "numpy.requires_grad":
                tracer = Tracer(diagnosis, workspace)
                chains = [tracer.chain(source, t, frame) for t in targets]
                totals = [_running_total(chain) for chain in chains]
                if any(totals):
                    yield from filter(None, totals)
                    return
                # a list of tensors has no .detach(): where its elements keep a graph is not known
                targets = [t for t, chain in zip(targets, chains) if not _a_list(chain)]
            calls = source.on_line(cst.Call, frame.line)
            # `np.sum([w * loss for w, loss in zip(weights, losses)])`: numpy reads each element
            targets += [c.args[0].value.elt for c in calls if c.args and c.args[0].keyword is None
                        and isinstance(c.args[0].value, (cst.ListComp, cst.GeneratorExp))
                        and any(n.startswith("numpy.") for n in source.qualified_names(c.func))]
            for tensor in targets:
                code = source.module.code_for_node(tensor)
                if code.endswith(step):
                    continue
                new = wrap(code, step)
                reason = f"Changed {source.code(tensor)} to {source.code(new)} before converting to NumPy: {why}"
                yield source.edit(source.replaced(tensor, new), source.line_of(tensor), reason)
            if targets:
                return


def _converted(source: Source, line: int) -> list[cst.BaseExpression]:
    """What `.numpy()` or `np.array(...)` converts on the line."""
    calls = source.on_line(cst.Call, line)
    return [c.func.value for c in calls if method_call(c, "numpy") and not c.args] + \
        [c.args[0].value for c in calls if isinstance(c.func, cst.Attribute) and c.args
         and c.func.attr.value in ARRAY_FUNCTIONS]


def _running_total(chain: list[Step]) -> Edit | None:
    """`total += loss` where `total` starts as a Python number (`total = 0`) and the value converted is
    that total, or a list it was appended to: adding the tensor made the total a tensor holding every
    step's graph. The number was meant, so the loss is added as one (`loss.item()`); a total that is
    itself backpropagated is a tensor by design."""
    # the name bound to the number: `total = 0`, or `total, correct = 0, 0`
    steps = [s for s in chain if not isinstance(s.node, (cst.Tuple, cst.List))]
    for total, start in zip(steps, steps[1:]):
        if not (isinstance(total.node, cst.Name) and isinstance(start.node, (cst.Integer, cst.Float))
                and start.source is total.source):
            continue
        where = total.source
        function = where.enclosing(total.node, cst.FunctionDef)
        scope = where.module if function is None else function
        adds = sums_in_loop(where, scope, total.node.value)
        if len(adds) != 1 or _is_number(adds[0].value) or _backpropagated(scope, total.node.value):
            return None
        add = adds[0]
        new = add.with_changes(value=wrap(where.module.code_for_node(add.value), ".item()"))
        reason = (f"Changed `{where.code(add)}` to `{where.code(new)}`: `{total.node.value}` starts as a number, "
                  f"and adding a tensor made it one that keeps every step's graph, which NumPy cannot convert")
        return where.edit(where.replaced(add, new), where.line_of(add), reason)
    return None


def _backpropagated(scope: cst.CSTNode, name: str) -> bool:
    """Whether a backward pass in `scope` runs through `name` or a value computed from it
    (`objective = total / n + decay; objective.backward()`, `torch.autograd.grad(total, ...)`)."""
    derived, grown = {name}, True
    while grown:
        grown = False
        for assign in own_nodes(scope, (cst.Assign, cst.AugAssign)):
            targets = [t.target for t in assign.targets] if isinstance(assign, cst.Assign) else [assign.target]
            made = {n for t in targets for n in names_in(t)} - derived
            if made and derived & set(names_in(assign.value)):
                derived |= made
                grown = True
    for call in own_nodes(scope, cst.Call):
        if method_call(call, "backward") and derived & set(names_in(call.func.value)):
            return True
        if last_name(call.func) in ("backward", "grad") and any(derived & set(names_in(a.value)) for a in call.args):
            return True
    return False


def _a_list(chain: list[Step]) -> bool:
    """The converted value is itself a list filled by appends (not a tensor made from one, as
    `torch.cat(preds)` is): the trail reaches an append before any call other than a project
    function whose return it follows."""
    for i, step in enumerate(chain):
        parents = step.source.parents
        holder = parents.get(parents.get(step.node))
        if isinstance(holder, cst.Call) and method_call(holder, "append"):
            return True
        if isinstance(step.node, cst.Call) and not (i + 1 < len(chain) and chain[i + 1].role == "returned"):
            return False
    return False


def _is_number(value: cst.BaseExpression) -> bool:
    """Already a Python number: `loss.item()`, `float(loss)`, a literal."""
    return isinstance(value, (cst.Integer, cst.Float)) or method_call(value, "item", "tolist") \
        or isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in ("float", "int")


def _stacked(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    for frame, source in user_frames(diagnosis, workspace):
        conversions = [c for c in source.on_line(cst.Call, frame.line) if source.calls(c, INTO_TORCH) and c.args
                       and c.args[0].keyword is None and not c.args[0].star]
        if not conversions:
            continue
        numpy = _numpy_name(source)
        if len(conversions) != 1 or numpy is None:
            return  # which conversion got the object array is not known, or np is not at hand
        array = conversions[0].args[0].value
        if isinstance(array, cst.Call) and source.qualified_names(array.func) & {"numpy.stack", "numpy.vstack"}:
            return
        new = cst.parse_expression(f"{numpy}.stack({source.module.code_for_node(array)})")
        reason = (f"Changed {source.code(array)} to {source.code(new)} before converting to torch: it is a numpy "
                  "array of Python objects (one array per item), which torch cannot convert; stacked, it is one "
                  "numeric array")
        yield source.edit(source.replaced(array, new), source.line_of(array), reason)
        return


def _numpy_name(source) -> str | None:
    match = re.search(r"^import numpy(?: as (\w+))?\s*$", source.text, re.MULTILINE)
    return None if match is None else (match[1] or "numpy")
