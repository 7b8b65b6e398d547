"""A similarity over a temperature is a cosine similarity: its rows are normalised where they are made.

## What it does
Where a run's loss turns non-finite and the first non-finite value comes from an `exp` (the
probe's rerun names the op and the line) of a name the function assigns a matrix product of
embeddings divided by a temperature (`sim = z @ z.t() / temperature`, `torch.mm(a, b.T) / self.tau`:
a contrastive loss such as NT-Xent or InfoNCE), each embedding is normalised where the function
makes it: `z = torch.cat([z1, z2])` -> `z = F.normalize(torch.cat([z1, z2]), dim=1)`. Rows that
are normalised already (the temperature is then the fault), embeddings the function does not make
(its parameters) and a product not over a temperature get no edit.

## Why is this bad?
A temperature (0.07, 0.1) is set for cosine similarities, which lie in [-1, 1]. Dot products of
unnormalised projections are in the hundreds; divided by the temperature, their `exp` overflows
to inf and the loss is nan from the first step.

## Example
```python
z = torch.cat([z1, z2], dim=0)
sim = z @ z.t() / temperature
exp_sim = torch.exp(sim)
```

Use instead:
```python
z = F.normalize(torch.cat([z1, z2], dim=0), dim=1)
sim = z @ z.t() / temperature
exp_sim = torch.exp(sim)
```"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import functional_spelling, nonfinite_from
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

EXP = frozenset({"torch.exp", "torch.Tensor.exp"})
PRODUCTS = frozenset({"torch.mm", "torch.matmul"})
NORMALIZE = frozenset({"torch.nn.functional.normalize"})


def _exp_of(call: cst.Call, source: Source) -> cst.BaseExpression | None:
    if source.calls(call, EXP) and len(call.args) == 1:
        return call.args[0].value
    if isinstance(call.func, cst.Attribute) and call.func.attr.value == "exp" and not call.args:
        return call.func.value
    return None


def _assignment(name: cst.Name, at: cst.CSTNode, source: Source) -> cst.Assign | None:
    """The name's one assignment in the function that uses it."""
    function = source.function_of(at)
    found = [a for a in source.nodes(cst.Assign) if source.function_of(a) is function and len(a.targets) == 1
             and isinstance(a.targets[0].target, cst.Name) and a.targets[0].target.value == name.value]
    return found[0] if len(found) == 1 else None


def _transposed(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """`b` of `b.t()` or `b.T`."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "t" \
            and not node.args:
        return node.func.value
    if isinstance(node, cst.Attribute) and node.attr.value == "T":
        return node.value
    return None


def _embeddings(value: cst.BaseExpression, source: Source) -> list[cst.Name] | None:
    """The names `a`, `b` of `a @ b.t() / temperature` (or torch.mm/matmul), else None."""
    if not (isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Divide)):
        return None
    product = value.left
    if isinstance(product, cst.BinaryOperation) and isinstance(product.operator, cst.MatrixMultiply):
        left, right = product.left, product.right
    elif source.calls(product, PRODUCTS) and len(product.args) == 2:
        left, right = product.args[0].value, product.args[1].value
    else:
        return None
    right = _transposed(right)
    if not (isinstance(left, cst.Name) and isinstance(right, cst.Name)):
        return None
    return [left] if left.value == right.value else [left, right]


class SimilarityNormalised(Rule):
    categories = ("health.non_finite_loss",)
    priority = 3  # an exp, which the log rules and eps_guard leave alone

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and nonfinite_from(diagnosis, ("torch.exp", "Tensor.exp"))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            edit = self._normalised(frame.line, source)
            if edit is not None:
                yield edit
            return

    def _normalised(self, line: int, source: Source) -> Edit | None:
        operands = [o for c in source.on_line(cst.Call, line) if (o := _exp_of(c, source)) is not None]
        if len(operands) != 1 or not isinstance(operands[0], cst.Name):
            return None
        similarity = _assignment(operands[0], operands[0], source)
        names = _embeddings(similarity.value, source) if similarity is not None else None
        made = [_assignment(n, similarity, source) for n in names or ()]
        if not made or any(a is None or source.calls(a.value, NORMALIZE) for a in made):
            return None  # not made here, or normalised already: the temperature, not the rows
        functional, uses_torch = functional_spelling(source)
        replacements = {a: a.with_changes(value=cst.parse_expression(
            f"{functional}.normalize({source.module.code_for_node(a.value)}, dim=1)")) for a in made}
        text = replaced_all(source.module, replacements)
        names_made = " and ".join(source.code(a.targets[0].target) for a in made)
        reason = (f"Normalised {names_made} where it is made: {source.code(similarity.value)} is a similarity over a "
                  f"temperature, meant for cosine similarities in [-1, 1]; of unnormalised rows its exp overflowed")
        return source.edit(text, source.line_of(made[0]), reason, uses_torch=uses_torch)
