"""A hand-written log, sqrt or division that reaches 0 gets an eps where its operand is made.

## What it does
Where a run's loss turns non-finite and the first non-finite value comes from a `log` or a
division on a line of the project (the probe's rerun names the op and the line), each log there
takes `x + 1e-8`, and the division's denominator gets `+ 1e-8`: at the line that computes it when
it is a standard deviation kept in a name (`std = x.std(0)`, `self.std = data.std(0)`), else at
the division itself (also when the name is a parameter a caller may give: the std computed for
its default is not the one that was 0). A division numpy made (a z-score over a constant column in the project's
preprocessing, seen by its `invalid value encountered in divide` warning) is guarded the same
way. Where it comes from the derivative of a `sqrt` (its value at 0 is finite, its gradient is
not: a distance of a sample to itself), each sqrt there takes `x + 1e-8`; a sqrt whose value is
already nan (of a negative number) gets no edit. Where the code declares its own eps (`self.eps`
in the class, an `eps` parameter, a module's `EPS`), that is the eps added. The log of a softmax
is log_of_softmax's, the log of a sigmoid whose logits are in reach log_of_sigmoid's; a log of a
probability that a helper or a model's forward returns as a sigmoid gets no eps either
(it would cap the saturated loss with a zero gradient: the loss wants the logits); a value that
came in with the data, an overflowing `exp` or a diverging learning rate get no edit.

## Why is this bad?
`log(0)` is -inf and `0 / 0` is nan: one sample whose probability saturates, or one feature
column that is constant (its standard deviation is 0), makes the loss non-finite, and the
parameters are nan from that step on.

## Example
```python
self.std = features.std(0)
...
return (x - self.mean) / self.std
```

Use instead:
```python
self.std = features.std(0) + 1e-8
...
return (x - self.mean) / self.std
```"""

from __future__ import annotations

from functools import partial
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import nonfinite_from
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._sigmoid import SIGMOIDS, Sigmoids, one_minus
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import own_nodes, parameter_names
from resolver.write.edits import Edit, Workspace

EPS = "1e-8"
EPS_NAMES = ("eps", "epsilon", "EPS", "EPSILON")  # the project's own, when it declares one
LOG_OPS = ("torch.log", "Tensor.log")
SQRT_OPS = ("torch.sqrt", "Tensor.sqrt")
DIVISION_OPS = ("Tensor.__truediv__", "Tensor.__rtruediv__", "Tensor.__div__", "Tensor.div", "torch.div",
                "torch.true_divide", "Tensor.true_divide",
                "numpy.divide", "numpy.true_divide")  # numpy's: the project's preprocessing, before torch sees it


def _is_number(value: cst.BaseExpression) -> bool:
    return isinstance(value, (cst.Float, cst.Integer))


def _eps(source: Source, at: cst.CSTNode) -> cst.BaseExpression:
    """The eps the code already declares for this place (a value its author meant for this guard), else 1e-8."""
    return _declared_eps(source, at) or cst.Float(EPS)


def _declared_eps(source: Source, at: cst.CSTNode) -> cst.BaseExpression | None:
    """A parameter of the function, `self.eps = 1e-9` in the class, a module constant `EPS = 1e-7`."""
    function = source.function_of(at)
    if function is not None:
        named = [p.name.value for p in function.params.params + function.params.kwonly_params]
        if found := next((n for n in EPS_NAMES if n in named), None):
            return cst.Name(found)
    owner = source.enclosing(at, cst.ClassDef)
    for assign in source.nodes(cst.Assign):
        target = assign.targets[0].target if len(assign.targets) == 1 else None
        if target is None:
            continue
        if owner is not None and isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
                and target.value.value == "self" and target.attr.value in EPS_NAMES and source.within(assign, owner):
            return cst.Attribute(cst.Name("self"), cst.Name(target.attr.value))
        if isinstance(target, cst.Name) and target.value in EPS_NAMES and _is_number(assign.value) \
                and source.function_of(assign) is None \
                and source.enclosing(assign, cst.ClassDef) is None:
            return cst.Name(target.value)
    return None


def _plus_eps(expression: cst.BaseExpression, eps: cst.BaseExpression) -> cst.BaseExpression:
    simple = isinstance(expression, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
    inner = expression if simple or expression.lpar else expression.with_changes(
        lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return cst.BinaryOperation(inner, cst.Add(), eps)


def _parenthesized(expression: cst.BaseExpression) -> cst.BaseExpression:
    return expression.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _is_std(value: cst.BaseExpression) -> bool:
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "std"


def _std_assignment(denominator: cst.BaseExpression, source: Source, at: cst.CSTNode) -> cst.Assign | None:
    """The one assignment of a name (in the function) or of `self.name` (in the class) to a std."""
    if isinstance(denominator, cst.Name):
        scope, kind = source.function_of(at), cst.Name
        if scope is not None and denominator.value in parameter_names(scope):
            return None  # a caller may hand it in (`feature_cmvn(f, mean, std)`): the default's std is not the one
    elif isinstance(denominator, cst.Attribute) and isinstance(denominator.value, cst.Name) \
            and denominator.value.value == "self":
        scope, kind = source.enclosing(at, cst.ClassDef), cst.Attribute
    else:
        return None
    key = source.code(denominator)
    found = [a for a in source.nodes(cst.Assign) if len(a.targets) == 1 and isinstance(a.targets[0].target, kind)
             and source.code(a.targets[0].target) == key
             and (scope is None and source.function_of(a) is None or scope is not None and source.within(a, scope))]
    return found[0] if len(found) == 1 and _is_std(found[0].value) else None


class EpsGuard(Rule):
    categories = ("health.non_finite_loss",)
    priority = 2  # after log_of_softmax and log_of_sigmoid: a log of either is taken from logits, not with an eps

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and nonfinite_from(diagnosis, LOG_OPS + SQRT_OPS + DIVISION_OPS)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        op = diagnosis.health["origin"]["op"]
        if op in SQRT_OPS and not diagnosis.health["origin"].get("in_backward"):
            return  # its value is nan already (a negative operand): not a 0 that an eps moves
        tracer = Tracer(diagnosis, workspace)
        for frame, source in user_frames(diagnosis, workspace):
            if op in LOG_OPS + SQRT_OPS:
                made = partial(_made_by_squashing, tracer, source, frame)
                edit = self._inside("log" if op in LOG_OPS else "sqrt", frame.line, source, made)
            else:
                edit = self._division(frame.line, source)
            if edit is not None:
                yield edit
            return

    def _inside(self, name: str, line: int, source: Source, made) -> Edit | None:
        """eps inside each `torch.<name>(x)` or `x.<name>()` on the line."""
        replacements, eps = {}, cst.Float(EPS)
        for call in source.on_line(cst.Call, line):
            eps = _eps(source, call)
            if source.calls(call, frozenset({f"torch.{name}"})) and len(call.args) == 1:
                operand = call.args[0].value
                new = call.with_changes(args=[call.args[0].with_changes(value=_plus_eps(operand, eps))])
            elif isinstance(call.func, cst.Attribute) and call.func.attr.value == name and not call.args:
                operand = call.func.value
                new = call.with_changes(func=call.func.with_changes(value=_parenthesized(_plus_eps(operand, eps))))
            else:
                continue
            if name == "log" and isinstance(operand, cst.Call) and isinstance(operand.func, (cst.Attribute, cst.Name)) \
                    and "softmax" in source.code(operand.func):
                return None  # log_of_softmax's
            if name == "log" and Sigmoids(source, call).is_sigmoid(one_minus(operand) or operand):
                return None  # a saturated probability, not a quantity that is 0 at the edge: log_of_sigmoid's
            if name == "log" and made(one_minus(operand) or operand):
                return None  # the same, from a model's forward or a helper: the loss wants the logits, not an eps
            replacements[call] = new
        if not replacements:
            return None
        guard = source.code(eps)
        if name == "sqrt":
            reason = (f"Added eps ({guard}) inside the sqrt at line {line}: its argument reached 0, where the "
                      f"derivative of sqrt is inf, and the gradient made the weights non-finite")
        else:
            reason = (f"Added eps ({guard}) inside the log at line {line}: its argument reached 0 and log(0) = -inf "
                      f"made the loss non-finite")
        return source.edit(replaced_all(source.module, replacements), line, reason)

    def _division(self, line: int, source: Source) -> Edit | None:
        divisions = [d for d in source.on_line(cst.BinaryOperation, line) if isinstance(d.operator, cst.Divide)]
        if len(divisions) != 1:
            return None  # several: which denominator was 0 is not known
        division = divisions[0]
        assigned = _std_assignment(division.right, source, division)
        if assigned is not None:
            eps = _eps(source, assigned)
            new = assigned.with_changes(value=_plus_eps(assigned.value, eps))
            reason = (f"Added eps ({source.code(eps)}) where {source.code(assigned.targets[0].target)} is computed: "
                      f"a standard deviation of 0 (a constant feature) made {source.code(division)} divide 0 by 0")
            return source.edit(source.replaced(assigned, new), source.line_of(assigned), reason)
        eps = _eps(source, division)
        new = division.with_changes(right=_parenthesized(_plus_eps(division.right, eps)))
        reason = (f"Added eps ({source.code(eps)}) to the denominator of {source.code(division)}: it reached 0 "
                  f"and the division made the loss non-finite")
        return source.edit(source.replaced(division, new), line, reason)


def _made_by_squashing(tracer: Tracer, source: Source, frame, operand: cst.BaseExpression) -> bool:
    """The log's operand traced back (a helper's return, a model's forward) to a sigmoid: a
    probability that saturates, which an eps would cap instead of computing from logits."""
    chain = tracer.chain(source, operand, frame)
    if any(_squashes(step.source, step.node) for step in chain[1:]):
        return True
    last = chain[-1]
    if not isinstance(last.node, cst.Call):
        return False
    returns = [(where, r.value) for where, function in tracer.functions_called(last.source, last.node)
               for r in own_nodes(function, cst.Return) if r.value is not None]
    return bool(returns) and all(any(_squashes(step.source, step.node) for step in tracer.chain(where, value, None))
                                 for where, value in returns)


def _squashes(source: Source, node: cst.CSTNode) -> bool:
    # a softmax kept in a name still gets the eps: log_of_softmax takes only `log(softmax(x))` written inline
    return isinstance(node, cst.Call) and (source.calls(node, SIGMOIDS) or isinstance(
        node.func, cst.Attribute) and node.func.attr.value == "sigmoid")
