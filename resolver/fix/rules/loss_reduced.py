"""## What it does
Reduces per-sample losses with `.mean()` where the loss is made: the loss class's `forward`
return, or the loss helper function's or method's (`self.criterion_rank(...)`, `objective.triplet(...)`,
also under `backward(retain_graph=True)`), or the return of the one project loss it calls that does
not reduce (a multi-task `total, parts`), or the value assigned; never on a returned tuple or
dict. A helper that returns `per_sample * weights`, the weights its parameter, gets their
weighted mean, `(per_sample * weights).sum() / weights.sum()`.

## Why is this bad?
`grad can be implicitly created only for scalar outputs`: `backward()` gets a scalar, and the
losses (`reduction="none"`) were not reduced.

## Example
```python
loss = F.mse_loss(pred, y, reduction="none")
loss.backward()
```

Use instead:
```python
loss = F.mse_loss(pred, y, reduction="none").mean()
loss.backward()
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import changed, class_method, first_frame_edits
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, wrap
from resolver.fix.rules._syntax import argument, last_name, returned_part
from resolver.write.edits import Edit, Workspace


def _reduce_loss(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    for call in reversed(source.on_line(cst.Call, frame.line)):
        if last_name(call.func) != "backward" or not isinstance(call.func, cst.Attribute) \
                or any(a.keyword is None or a.keyword.value not in GRAPH_OPTIONS for a in call.args):
            continue  # backward(gradient): the caller gives the gradient of a non-scalar on purpose
        loss = call.func.value
        chain = tracer.chain(source, loss, frame)
        made = next((s for s in chain if isinstance(s.node, cst.Call)), None)
        if made is not None and not (isinstance(made.node.func, cst.Attribute) and last_name(made.node.func) == "mean"):
            forward = class_method(tracer, made.source, made.node.func, frame, "forward") \
                or _project_function(tracer, made.node.func) or _loss_method(tracer, made.source, made.node)
            if forward is not None:
                # a project loss class: reduce where the per-sample losses are made, which may be a
                # loss it calls (a multi-task sum of parts), never on the tuple or dict it returns
                found = _unreduced_return(tracer, *forward, made.path)
                if found is not None:
                    where, value = found
                    weighted = _weighted_mean(where, value)
                    code = where.module.code_for_node(value)
                    new = cst.parse_expression(weighted) if weighted else wrap(code, ".mean()")
                    yield changed(where, value, new, "where the per-sample losses are returned: backward() needs a "
                                "scalar, and they were not reduced")
                return
        step = chain[1] if len(chain) > 1 and chain[1].source is source else chain[0]
        if step.path:  # one element of what a call returned (`loss, parts = ...`): no tensor to call .mean() on
            return
        new = wrap(step.source.module.code_for_node(step.node), ".mean()")
        yield changed(step.source, step.node, new, "where the loss is made: backward() needs a scalar, and the "
                    "per-sample losses were not reduced")
        return


def _project_function(tracer: Tracer, func: cst.BaseExpression) -> tuple[cst.FunctionDef, Source] | None:
    """The one function outside a class the project defines under the name a plain call names
    (a loss helper)."""
    if not isinstance(func, cst.Name):
        return None
    functions = [(f, s) for s in tracer.project_sources() for f in s.nodes(cst.FunctionDef)
                 if f.name.value == func.value and s.enclosing(f, cst.ClassDef) is None]
    return functions[0] if len(functions) == 1 else None


def _loss_method(tracer: Tracer, source: Source, call: cst.Call) -> tuple[cst.FunctionDef, Source] | None:
    """The one project method a call runs that is not a module's forward (`self.criterion_rank(...)`,
    `trainer.compute_loss(...)`): a loss helper kept on a class."""
    found = tracer.functions_called(source, call)
    if len(found) != 1 or found[0][1].name.value in ("forward", "__call__"):
        return None
    where, function = found[0]
    return function, where


# backward()'s keywords that keep its implicit gradient (`gradient`, first, gives it)
GRAPH_OPTIONS = frozenset({"retain_graph", "create_graph", "inputs"})

WEIGHTS = re.compile(r"^(w|weights?|sample_weights?|class_weights?|mask|masks|loss_mask)$", re.IGNORECASE)


def _weighted_mean(where: Source, value: cst.BaseExpression) -> str | None:
    """`per_sample * weights` returned by a helper that takes the weights: their weighted mean,
    `(per_sample * weights).sum() / weights.sum()`; a plain `.mean()` would count the weights'
    total as if it were the batch size."""
    function = where.enclosing(value, cst.FunctionDef)
    if not isinstance(value, cst.BinaryOperation) or not isinstance(value.operator, cst.Multiply) or function is None:
        return None
    parameters = {p.name.value for p in (*function.params.params, *function.params.kwonly_params)}
    weights = [side for side in (value.left, value.right) if isinstance(side, cst.Name)
               and side.value in parameters and WEIGHTS.match(side.value)]
    if len(weights) != 1:
        return None
    return f"({where.module.code_for_node(value)}).sum() / {weights[0].value}.sum()"


# torch losses that reduce unless told `reduction="none"`
LOSS_FUNCTIONS = re.compile(r"(_loss|cross_entropy|cross_entropy_with_logits|kl_div)$")

REDUCTIONS = {"mean", "sum", "nanmean", "nansum"}

MAX_DEPTH = 3


def _unreduced_return(tracer: Tracer, function: cst.FunctionDef, where: Source, path: tuple,
                      depth: int = 0) -> tuple[Source, cst.BaseExpression] | None:
    """(file, expression) of the one return that gives a loss per sample, in `function` or in the one
    project loss it calls that does; None when it is not exactly one or the function reduces."""
    returns = [n for n in where.nodes(cst.Return) if where.enclosing(n, cst.FunctionDef) is function]
    if len(returns) != 1 or returns[0].value is None or depth > MAX_DEPTH:
        return None
    value = returned_part(returns[0].value, path)
    if value is None or isinstance(value, (cst.Tuple, cst.List, cst.Dict)):
        return None
    found = {}
    for part, part_source in _called_losses(tracer, function, where):
        inner = _unreduced_return(tracer, part, part_source, (), depth + 1)
        if inner is not None:
            found[id(inner[1])] = inner
    if len(found) == 1:
        return next(iter(found.values()))
    if found or _reduces(where, function):
        return None
    return where, value


def _called_losses(tracer: Tracer, function: cst.FunctionDef,
                   where: Source) -> Iterator[tuple[cst.FunctionDef, Source]]:
    """The project losses `function` calls: instances of a `...Loss` class of the project (their
    forward), and project functions named `...loss...`."""
    for call in where.nodes(cst.Call, lambda c: where.enclosing(c, cst.FunctionDef) is function):
        name = last_name(call.func) or ""
        if isinstance(call.func, cst.Attribute) and not _is_self_attribute(call.func) or name in REDUCTIONS:
            continue
        method = class_method(tracer, where, call.func, None, "forward")
        if method is not None:
            klass = method[1].enclosing(method[0], cst.ClassDef)
            if klass is not None and klass.name.value.lower().endswith("loss"):
                yield method
            continue
        if "loss" in name.lower():
            found = _project_function(tracer, call.func)
            if found is not None:
                yield found


def _is_self_attribute(node: cst.Attribute) -> bool:
    return isinstance(node.value, cst.Name) and node.value.value == "self"


def _reduces(where: Source, function: cst.FunctionDef) -> bool:
    """The function reduces over the batch somewhere: `x.mean()`, `torch.sum(x)`, or a torch loss
    left at its default reduction (a reduction it cannot read counts as one: unsure)."""
    for call in where.nodes(cst.Call, lambda c: where.enclosing(c, cst.FunctionDef) is function):
        name = last_name(call.func) or ""
        positional = [a for a in call.args if a.keyword is None]
        keywords = {a.keyword.value for a in call.args if a.keyword is not None}
        if name in REDUCTIONS and isinstance(call.func, cst.Attribute) and not keywords & {"dim", "axis"}:
            receiver = where.code(call.func.value)
            if not positional or (receiver in ("torch", where.torch) and len(positional) == 1):
                return True
        if LOSS_FUNCTIONS.search(name):
            reduction = argument(call, 99, "reduction")
            unreduced = isinstance(reduction, cst.SimpleString) and reduction.evaluated_value == "none"
            if not unreduced:
                return True
    return False


class LossReduced(Rule):
    categories = ("autograd.nonscalar_backward",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from first_frame_edits(diagnosis, workspace, _reduce_loss)
