"""The log of a sigmoid is computed from the logits: a hand-written BCE becomes `binary_cross_entropy_with_logits`.

## What it does
Where a run's loss turns non-finite and the first non-finite value comes from a `log` on a line
of the project (the probe's rerun names the op and the line) whose operand is a sigmoid of logits
in reach (`torch.sigmoid(z)`, `z.sigmoid()`, or a name the function assigns one to), the loss is
computed from the logits `z`. A binary cross entropy written out,
`-(y * log(p) + (1 - y) * log(1 - p))`, becomes
`F.binary_cross_entropy_with_logits(z, y, reduction="none")` (a `.mean()` or `.sum()` on it is
kept); any other `log(p)` becomes `F.logsigmoid(z)` and `log(1 - p)` becomes `F.logsigmoid(-z)`.
The assignment of `p` goes when nothing else reads it. A probability that comes from elsewhere
(a parameter, a model's `nn.Sigmoid`) is eps_guard's.

## Why is this bad?
With large logits the sigmoid rounds to exactly 0 or 1 in float32, and `log(1 - p)` is -inf: the
loss is nan from that step on. An eps inside the log hides the nan but not the saturation: the
loss caps near 18 and the gradient through the saturated sigmoid is 0, so the samples that are
most wrong teach nothing. The logits form never takes the log of a rounded probability.

## Example
```python
p = torch.sigmoid(logits)
loss = -(target * torch.log(p) + (1 - target) * torch.log(1 - p))
```

Use instead:
```python
loss = F.binary_cross_entropy_with_logits(logits, target, reduction="none")
```"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import functional_spelling, nonfinite_from
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._sigmoid import Sigmoids, one_minus
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

LOGS = frozenset({"torch.log", "torch.Tensor.log"})
REDUCTIONS = ("mean", "sum")


def _code(node: cst.CSTNode, source: Source) -> str:
    """The code without its outer parentheses: `(1 - y)` -> `1 - y`."""
    return source.module.code_for_node(node.with_changes(lpar=[], rpar=[]) if getattr(node, "lpar", None) else node)


def _same(a: cst.CSTNode, b: cst.CSTNode, source: Source) -> bool:
    """The same expression, whatever its parentheses and spaces: `(1 - y)` and `1-y`."""
    return "".join(_code(a, source).split()) == "".join(_code(b, source).split())


FLOAT_METHODS = frozenset({"float", "double", "half", "bfloat16"})
FLOAT_MAKERS = frozenset({"torch.rand", "torch.randn", "torch.rand_like", "torch.randn_like"})


def _made_float(value: cst.CSTNode, source: Source) -> bool:
    """`y.float()`, `(p > 0.5).double()`, `torch.rand(n, 1)`: a float tensor by how it is made."""
    if not isinstance(value, cst.Call):
        return False
    if isinstance(value.func, cst.Attribute) and value.func.attr.value in FLOAT_METHODS and not value.args:
        return True
    return source.calls(value, FLOAT_MAKERS) and not any(a.keyword and a.keyword.value == "dtype" for a in value.args)


def _known_float(target: cst.CSTNode, source: Source) -> bool:
    """The target is made a float tensor, itself or in every assignment of its name in the file
    (`y = ....float()`, `x, y = a, b.float()`)."""
    if not isinstance(target, cst.Name):
        return _made_float(target, source)
    values = []
    for assign in source.nodes(cst.Assign):
        for each in assign.targets:
            if isinstance(each.target, cst.Name) and each.target.value == target.value:
                values.append(assign.value)
            elif isinstance(each.target, cst.Tuple) and isinstance(assign.value, cst.Tuple) \
                    and len(each.target.elements) == len(assign.value.elements):
                values += [v.value for t, v in zip(each.target.elements, assign.value.elements)
                           if isinstance(t.value, cst.Name) and t.value.value == target.value]
    return bool(values) and all(_made_float(v, source) for v in values)


def _float_target(target: cst.CSTNode, logits: cst.CSTNode, source: Source) -> str:
    """The target as binary_cross_entropy_with_logits takes it: in the logits' float dtype (an
    integer 0/1 target works in the hand-written formula and fails in the call)."""
    code = _code(target, source)
    if _known_float(target, source):
        return code
    if not isinstance(target, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
        code = f"({code})"
    return f"{code}.to({logits.value}.dtype)" if isinstance(logits, cst.Name) else f"{code}.float()"


def _log_of(call: cst.CSTNode, source: Source) -> cst.BaseExpression | None:
    """What `torch.log(x)` or `x.log()` takes the log of."""
    if not isinstance(call, cst.Call):
        return None
    if source.calls(call, LOGS) and len(call.args) == 1:
        return call.args[0].value
    if isinstance(call.func, cst.Attribute) and call.func.attr.value == "log" and not call.args:
        return call.func.value
    return None


def _signed_terms(node: cst.BaseExpression, sign: int = 1) -> list[tuple[int, cst.BaseExpression]]:
    """`-(a + b)` -> [(-1, a), (-1, b)]: a sum's terms with their signs."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Subtract)):
        right = -sign if isinstance(node.operator, cst.Subtract) else sign
        return _signed_terms(node.left, sign) + _signed_terms(node.right, right)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        return _signed_terms(node.expression, -sign)
    return [(sign, node)]


def _factors(node: cst.BaseExpression, sign: int = 1) -> tuple[int, list[cst.BaseExpression]]:
    """`-y * log(p)` -> (-1, [y, log(p)])."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
        sign, left = _factors(node.left, sign)
        sign, right = _factors(node.right, sign)
        return sign, left + right
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        return _factors(node.expression, -sign)
    return sign, [node]


def _cross_entropy(node: cst.BaseExpression, source: Source, finder: Sigmoids):
    """(logits, target) when the expression is `-(y * log(p) + (1 - y) * log(1 - p))`, p a sigmoid."""
    terms = _signed_terms(node)
    if len(terms) != 2:
        return None
    weighted = {}
    for term_sign, term in terms:
        sign, factors = _factors(term, term_sign)
        logs = [f for f in factors if _log_of(f, source) is not None]
        if sign != -1 or len(factors) != 2 or len(logs) != 1:
            return None
        weight = factors[1] if factors[0] is logs[0] else factors[0]
        operand = _log_of(logs[0], source)
        complement = one_minus(operand)
        weighted["negative" if complement is not None else "positive"] = (complement or operand, weight)
    if set(weighted) != {"positive", "negative"}:
        return None
    (probability, target), (other, other_weight) = weighted["positive"], weighted["negative"]
    complement = one_minus(other_weight)
    if not _same(probability, other, source) or complement is None or not _same(complement, target, source):
        return None
    logits = finder.logits(probability)
    return (logits, target) if logits is not None else None


def _negated(node: cst.BaseExpression) -> cst.BaseExpression:
    simple = isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
    return cst.UnaryOperation(cst.Minus(), node if simple else node.with_changes(
        lpar=[cst.LeftParen()], rpar=[cst.RightParen()]))


class _Rewrite(cst.CSTTransformer):
    def __init__(self, replacements: dict, removed: list):
        super().__init__()
        self.replacements, self.removed = replacements, removed

    def on_leave(self, original, updated):
        if any(original is r for r in self.removed):
            return cst.RemoveFromParent()
        return self.replacements.get(id(original), updated)


class LogOfSigmoid(Rule):
    categories = ("health.non_finite_loss",)
    priority = 1  # after log_of_softmax, before eps_guard: a sigmoid's log comes from its logits, not an eps

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and nonfinite_from(diagnosis, ("torch.log", "Tensor.log"))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            edit = self._cross_entropy(frame.line, source) or self._logsigmoids(frame.line, source)
            if edit is not None:
                yield edit
            return

    def _cross_entropy(self, line: int, source: Source) -> Edit | None:
        for node in source.on_line((cst.UnaryOperation, cst.BinaryOperation), line):
            finder = Sigmoids(source, node)
            reduction = None
            inner = node.expression if isinstance(node, cst.UnaryOperation) else None
            if isinstance(inner, cst.Call) and isinstance(inner.func, cst.Attribute) and not inner.args \
                    and inner.func.attr.value in REDUCTIONS:  # `-(y * log(p) + ...).mean()`
                found, reduction = _cross_entropy(_negated(inner.func.value), source, finder), inner.func.attr
            else:
                found = _cross_entropy(node, source, finder)
            if found is None:
                continue
            logits, target = found
            functional, uses_torch = functional_spelling(source)
            reduced = f".{reduction.value}()" if reduction is not None else ""
            call = (f"{functional}.binary_cross_entropy_with_logits({_code(logits, source)}, "
                    f'{_float_target(target, logits, source)}, reduction="none"){reduced}')
            new = cst.parse_expression(call).with_changes(lpar=node.lpar, rpar=node.rpar)
            module = source.module.visit(_Rewrite({id(node): new}, finder.unused_assignments([node])))
            reason = (f"Computed the binary cross entropy at line {line} from the logits "
                      f"({source.code(logits)}) with binary_cross_entropy_with_logits: the sigmoid rounded to "
                      f"0 or 1 and the log of it was -inf; an eps would hide the nan but leave the gradient 0")
            return source.edit(module.code, line, reason, uses_torch=uses_torch)
        return None

    def _logsigmoids(self, line: int, source: Source) -> Edit | None:
        """Each log of the sigmoid the line takes the log of, in its function, as logsigmoid."""
        finder, logits = None, None
        for call in source.on_line(cst.Call, line):
            operand = _log_of(call, source)
            if operand is not None:
                finder = Sigmoids(source, call)
                logits = finder.logits(one_minus(operand) or operand)
                if logits is not None:
                    break
        if logits is None:
            return None
        scope = source.function_of(call)
        calls = source.on_line(cst.Call, line) if scope is None else \
            [c for c in source.nodes(cst.Call) if source.within(c, scope)]
        functional, uses_torch = functional_spelling(source)
        replacements = {}
        for call in calls:
            operand = _log_of(call, source)
            complement = one_minus(operand) if operand is not None else None
            found = finder.logits(complement or operand) if operand is not None else None
            if found is not None and _same(found, logits, source):
                argument = _negated(logits) if complement is not None else logits
                replacements[call] = cst.parse_expression(f"{functional}.logsigmoid({_code(argument, source)})")
        module = source.module.visit(_Rewrite({id(c): n for c, n in replacements.items()},
                                              finder.unused_assignments(list(replacements))))
        reason = (f"Took each log of the sigmoid of {source.code(logits)} as logsigmoid of the logits (line {line}): "
                  f"the sigmoid rounded to 0 or 1 and the log of it was -inf; an eps would hide the nan but leave "
                  f"the gradient 0")
        return source.edit(module.code, line, reason, uses_torch=uses_torch)
