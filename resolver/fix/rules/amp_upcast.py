"""## What it does
Upcasts the low-precision tensor an operation outside autocast receives beside float32 ones, with
`.float()` where it enters the computation: the loss call in the training loop, not the loss
helper's inside when the helper only passes it on (`balanced_bce(probs, ...)` ->
`balanced_bce(probs.float(), ...)`); a loss module's forward, called through its instance
(`criterion(probs, masks)`), gets it at its loss term (`self.bce(gate.float(), active)`); or the
operand of a matrix product with a float32 buffer (`feats @ self.prototypes.t()` -> `feats.float() @
self.prototypes.t()`). A loss input made by the tensor's own methods is upcast where it is made
(`logits.log_softmax(-1)` -> `logits.float().log_softmax(-1)`), so those steps run in float32 too. A
loss with no low-precision kernel (`"ctc_loss_cpu" not implemented for 'BFloat16'`) gets the same
upcast; and when the error comes from `loss.backward()`, the loss's bindings in that function are
followed back to the call that made it from a low-precision tensor. A project that never enters
autocast and makes its low-precision tensors itself (`model.to(torch.bfloat16)`) gets nothing: the
dtype is its design, not autocast's.

## Why is this bad?
`expected scalar type BFloat16 but found Float`, `Found dtype Float but expected BFloat16`,
`expected m1 and m2 to have the same dtype, but got: c10::BFloat16 != float`,
`"ctc_loss_cpu" not implemented for 'BFloat16'`: the
model ran under autocast and returned bfloat16 (or float16) logits; the loss is computed after the
`with torch.autocast(...)` block, where nothing converts, against float32 targets or class
weights. Computing the loss in float32 is what autocast itself would do (losses are on its
float32 list), so the upcast keeps the program's meaning. A loss such as `huber_loss` runs
forward on a bfloat16 prediction and a float32 target by promotion, but its backward hands the
prediction a float32 gradient (`Found dtype Float but expected BFloat16`).

## Example
```python
with torch.autocast("cpu", dtype=torch.bfloat16):
    logits = model(images)
loss = criterion(logits, targets)  # CrossEntropyLoss(weight=class_weights)
```

Use instead:
```python
with torch.autocast("cpu", dtype=torch.bfloat16):
    logits = model(images)
loss = criterion(logits.float(), targets)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._project import keeps_low_precision
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, names_in, user_frames, wrap
from resolver.fix.rules._syntax import last_name, latest_binding, parameter_names
from resolver.write.edits import Edit, Workspace

LOW = {"bfloat16", "float16"}
CASTS = {"half", "bfloat16"}
LOW_IN_MESSAGE = re.compile(r"BFloat16|Half")  # an argument the line itself casts down is not this rule's to undo
LOSS_NAME = re.compile(r"loss|cross_entropy|nll|kl_div", re.IGNORECASE)
KERNELLESS = "dtype.kernel_not_implemented"  # only a loss's: other kernel-less ops are float32_island's
BINDINGS_FOLLOWED = 8  # how far back from `loss.backward()` the loss's makings are followed


def _low_operands(source: Source, frame: Frame, nodes: list) -> list[tuple[cst.CSTNode, cst.BaseExpression, str]]:
    """(call or `@`, operand, low-precision name) for the outermost calls and matrix products
    among the nodes with such an operand."""
    found = []
    for node in sorted(nodes, key=lambda n: (source.positions[n].start.line, source.positions[n].start.column)):
        if any(source.within(node, outer) for outer, _, _ in found):
            continue
        operands = [a.value for a in node.args] if isinstance(node, cst.Call) else [node.left, node.right]
        for operand in operands:
            if isinstance(operand, cst.Call) and last_name(operand.func) in CASTS:
                continue
            low = [n for n in names_in(operand) if (t := frame.tensors.get(n)) is not None and t.dtype in LOW]
            if low:
                found.append((node, operand, low[0]))
    return found


def _products(nodes: list) -> list:
    return [b for b in nodes if isinstance(b.operator, cst.MatrixMultiply)]


def _low_arguments(source: Source, frame: Frame) -> list[tuple[cst.CSTNode, cst.BaseExpression, str]]:
    """`_low_operands` of the calls and matrix products on the frame's line."""
    nodes = [*source.on_line(cst.Call, frame.line), *_products(source.on_line(cst.BinaryOperation, frame.line))]
    return _low_operands(source, frame, nodes)


def _is_loss(source: Source, call: cst.CSTNode, diagnosis: Diagnosis) -> bool:
    """A loss function (`F.ctc_loss`, `F.cross_entropy`) or the loss module that raised (`self.ctc`, a CTCLoss)."""
    if not isinstance(call, cst.Call):
        return False
    if any(LOSS_NAME.search(name.rsplit(".", 1)[-1]) for name in source.qualified_names(call.func)):
        return True
    raised = diagnosis.modules[-1] if diagnosis.modules else None
    return raised is not None and raised.class_name.endswith("Loss") \
        and last_name(call.func) == raised.path.rsplit(".", 1)[-1]


def _passed_on(source: Source, frame: Frame, name: str) -> bool:
    """The name is the enclosing function's own parameter: the caller handed the tensor in."""
    function = _scope(source, frame)
    return function is not None and function.name.value == frame.function and name in parameter_names(function)


def _scope(source: Source, frame: Frame) -> cst.FunctionDef | None:
    """The function that holds the frame's line."""
    statement = source.statement_at(frame.line)
    return source.function_of(statement) if statement is not None else None


def _chain_root(source: Source, frame: Frame, name: str) -> cst.Name | None:
    """The low-precision tensor a local was made from by its own methods in this function
    (`log_probs = logits.log_softmax(-1).transpose(0, 1)` -> `logits`): upcast there, the
    transformations then run in float32 too."""
    bound = latest_binding(source, _scope(source, frame), name, frame.line)
    node, through_method = bound[0] if bound is not None and bound[1] == () else None, False
    while isinstance(node, (cst.Call, cst.Attribute, cst.Subscript)):
        through_method = through_method or isinstance(node, cst.Attribute)
        node = node.func if isinstance(node, cst.Call) else node.value
    if isinstance(node, cst.Name) and through_method and (t := frame.tensors.get(node.value)) is not None \
            and t.dtype in LOW:
        return node
    return None


def _loss_makings(source: Source, frame: Frame) -> list[tuple[cst.CSTNode, cst.BaseExpression, str]]:
    """At `loss.backward()`: the call that made the loss (or a term of it) from a low-precision
    local, found by following the loss's bindings back in this function. Its backward is the one
    that met a float32 gradient for a low-precision input."""
    backward = [c for c in source.on_line(cst.Call, frame.line) if last_name(c.func) == "backward"]
    if not backward:
        return []
    call = backward[0]
    made = call.func.value if isinstance(call.func, cst.Attribute) and not call.args else \
        (call.args[0].value if call.args else None)
    pending, seen = list(names_in(made)) if made is not None else [], set()
    while pending and len(seen) < BINDINGS_FOLLOWED:
        name = pending.pop(0)
        if name in seen:
            continue
        seen.add(name)
        bound = latest_binding(source, _scope(source, frame), name, frame.line)
        if bound is None or bound[0] is None or bound[2] is not None:
            continue
        value = bound[0]
        nodes = [*source.nodes(cst.Call, lambda n, v=value: n is v or source.within(n, v)),
                 *_products(source.nodes(cst.BinaryOperation, lambda n, v=value: n is v or source.within(n, v)))]
        found = _low_operands(source, frame, nodes)
        if found:
            return found
        pending += names_in(value)
    return []


class AmpUpcast(Rule):
    categories = ("amp.dtype_mismatch", "dtype.mismatch", KERNELLESS)
    priority = 1  # after dtype_contract, which knows the model inputs' own contracts

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and bool(LOW_IN_MESSAGE.search(diagnosis.message))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if keeps_low_precision(workspace):
            return  # no autocast: the program makes its low-precision tensors itself, by design
        callee = None  # the function the frame inside this one runs, once the tensor was passed on
        inner = None  # the loss call in that function, where the caller's call is not found by name
        for frame, source in user_frames(diagnosis, workspace):
            found = _low_arguments(source, frame)
            if callee is None and not found and diagnosis.category != KERNELLESS:
                found = _loss_makings(source, frame)
            if callee is not None:
                found = [f for f in found if isinstance(f[0], cst.Call) and last_name(f[0].func) == callee]
                if not found and inner is not None:  # a loss module's forward, called as `self.loss(...)`:
                    frame, source, found = inner  # the loss among its terms is where the input enters
                    callee = None
            elif diagnosis.category == KERNELLESS:
                found = [f for f in found if _is_loss(source, f[0], diagnosis)]
            if not found:
                return
            _, operand, name = found[0]
            if (isinstance(operand, cst.Name) or callee is None) and _passed_on(source, frame, name) \
                    and inner is None:
                callee = frame.function
                inner = (frame, source, found) if _is_loss(source, found[0][0], diagnosis) else None
                continue
            root = _chain_root(source, frame, name) if isinstance(operand, cst.Name) and callee is None else None
            operand = root if root is not None else operand
            name = root.value if root is not None else name
            upcast = wrap(source.module.code_for_node(operand), ".float()")
            reason = (f"Changed {source.code(operand)} to {source.code(upcast)}: {name} is "
                      f"{frame.tensors[name].dtype} from the autocast region and meets float32 tensors here, "
                      "outside it; this step runs in float32 as autocast would run it")
            yield source.edit(source.replaced(operand, upcast), source.line_of(operand), reason)
            return
