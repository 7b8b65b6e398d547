"""The sigmoid a probability is, where a log takes it: shared by log_of_sigmoid, which computes
the log from the logits, and eps_guard, which leaves such a log to it."""

from __future__ import annotations

import libcst as cst

from resolver.fix.rules._source import Source, names_in

SIGMOIDS = frozenset({"torch.sigmoid", "torch.nn.functional.sigmoid", "torch.special.expit", "torch.Tensor.sigmoid"})


def one_minus(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """`x` of `1 - x`."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Subtract) \
            and isinstance(node.left, (cst.Integer, cst.Float)) and float(node.left.value) == 1.0:
        return node.right
    return None


class Sigmoids:
    """The sigmoid a probability is, in the function that takes its log."""

    def __init__(self, source: Source, at: cst.CSTNode):
        self.source, self.function = source, source.function_of(at)
        self.assignments: dict[str, cst.Assign] = {}

    def logits(self, probability: cst.BaseExpression) -> cst.BaseExpression | None:
        """`z` when the probability is `sigmoid(z)`, inline or as the scope's one assignment of a name."""
        if isinstance(probability, cst.Name):
            assigned = self._assignment(probability)
            return self._sigmoid_input(assigned.value) if assigned is not None else None
        return self._sigmoid_input(probability)

    def is_sigmoid(self, probability: cst.BaseExpression) -> bool:
        """A sigmoid, inline or in every assignment of the name in the scope, even where `logits`
        cannot say which one reaches the log."""
        if isinstance(probability, cst.Name):
            found = self._assignments_of(probability.value)
            return bool(found) and all(self._sigmoid_input(a.value) is not None for a in found)
        return self._sigmoid_input(probability) is not None

    def _assignments_of(self, name: str) -> list[cst.Assign]:
        return [a for a in self.source.nodes(cst.Assign) if self.source.function_of(a) is self.function
                and len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name)
                and a.targets[0].target.value == name]

    def _sigmoid_input(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
        if not isinstance(node, cst.Call):
            return None
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == "sigmoid" and not node.args:
            return node.func.value  # `z.sigmoid()`
        if self.source.calls(node, SIGMOIDS) and len(node.args) == 1 and node.args[0].keyword is None:
            return node.args[0].value
        return None

    def _assignment(self, name: cst.Name) -> cst.Assign | None:
        """The name's one assignment in the scope, whose inputs nothing rebinds before the log reads it."""
        found = self._assignments_of(name.value)
        if len(found) != 1:
            return None
        start, end = self.source.line_of(found[0]), self.source.line_of(name)
        between = [a for a in self.source.nodes((cst.Assign, cst.AugAssign))
                   if self.source.function_of(a) is self.function and start < self.source.line_of(a) < end]
        rebound = {n for a in between for t in (a.targets if isinstance(a, cst.Assign) else [a])
                   for n in names_in(t.target)}
        if not start < end or rebound & set(names_in(found[0].value)):
            return None  # the logits may be another value where the log is taken
        self.assignments[name.value] = found[0]
        return found[0]

    def unused_assignments(self, replaced: list[cst.CSTNode]) -> list[cst.CSTNode]:
        """The statements of probabilities that only the replaced expressions read."""
        statements = []
        for name, assign in self.assignments.items():
            reads = [n for n in self.source.nodes(cst.Name) if n.value == name
                     and self.source.function_of(n) is self.function and not self.source.within(n, assign)
                     and n is not assign.targets[0].target]
            if all(any(self.source.within(n, r) for r in replaced) for n in reads):
                statements.append(self.source.enclosing(assign, cst.SimpleStatementLine))
        return statements


