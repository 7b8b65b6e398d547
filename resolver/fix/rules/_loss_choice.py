"""Which loss a failing call can be: a criterion the code chooses by a branch it states
(`criterion = nn.CrossEntropyLoss() if n_classes > 1 else nn.BCEWithLogitsLoss()`, the same in an
`if`/`else`, a helper or a model attribute that returns/holds one of two), or a functional loss
in one branch of an `if` whose other branch calls another loss on the same target. A dtype cast
of the target must then follow that branch, or the other loss breaks (see dtype_contract)."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import argument, last_name, own_nodes

INTEGER, FLOATING = "integer", "floating"
# loss -> the target kind it takes: class indices, or values (CrossEntropyLoss takes both: indices here)
TARGET_KINDS = {name: INTEGER for name in ("cross_entropy", "CrossEntropyLoss", "nll_loss", "NLLLoss",
                                           "multi_margin_loss", "MultiMarginLoss")}
TARGET_KINDS.update({name: FLOATING for name in (
    "binary_cross_entropy", "binary_cross_entropy_with_logits", "BCELoss", "BCEWithLogitsLoss", "mse_loss",
    "MSELoss", "l1_loss", "L1Loss", "smooth_l1_loss", "SmoothL1Loss", "huber_loss", "HuberLoss", "kl_div",
    "KLDivLoss", "soft_margin_loss", "SoftMarginLoss", "multilabel_soft_margin_loss",
    "MultiLabelSoftMarginLoss")})
UNSURE = "unsure"  # the loss is chosen by a branch this module can't tie a cast to
CALL_SITE = "call site"  # the failing loss is called in its own branch: cast there only


@dataclass(frozen=True)
class Choice:
    """The failing loss is built when `test` holds (or fails, when `negated`), in `statement`."""
    source: Source
    statement: cst.CSTNode
    test: cst.BaseExpression
    negated: bool


def loss_choice(source: Source, call: cst.Call, wanted: str, project: list[Source]) -> Choice | str | None:
    """How the loss `call` (the failing one, whose target must be of kind `wanted`) was chosen:
    a Choice, CALL_SITE, UNSURE, or None when no branch chooses between losses of other kinds.
    `project`: the files where a helper or a model class may choose it."""
    if last_name(call.func) in TARGET_KINDS:
        return _branch_of_functional(source, call, wanted)
    scope = source.function_of(call)
    if isinstance(call.func, cst.Name):
        values = _bindings(scope or source.module, call.func.value) \
            or _bindings(source.module, call.func.value)  # a criterion the module builds
        choice = _choice_between(source, values, wanted)
        if choice is not None:
            return choice
        helpers = [v for _, v in values if isinstance(v, cst.Call) and last_name(v.func) not in TARGET_KINDS]
        return UNSURE if any(_helper_kinds(project, h) - {wanted} for h in helpers) else None
    if isinstance(call.func, cst.Attribute):
        attr = call.func.attr.value
        held = [(node, node.value) for other in project for node in other.nodes(cst.Assign)
                if any(isinstance(t.target, cst.Attribute) and t.target.attr.value == attr for t in node.targets)]
        return UNSURE if _kinds([v for _, v in held]) - {wanted} else None
    return None


def _bindings(scope: cst.CSTNode, name: str) -> list:
    return [(node, node.value) for node in own_nodes(scope, cst.Assign)
            if any(isinstance(t.target, cst.Name) and t.target.value == name for t in node.targets)]


def _choice_between(source: Source, values: list, wanted: str) -> Choice | str | None:
    """The branch among the name's bindings that picks the wanted loss, when another binding
    picks a loss of another kind."""
    if not _kinds([v for _, v in values]) - {wanted}:
        return None
    for node, value in values:
        if isinstance(value, cst.IfExp):
            sides = (_kind(value.body), _kind(value.orelse))
            if wanted in sides and set(sides) - {wanted, None}:
                return Choice(source, node, value.test, sides[0] != wanted)
        statement = source.enclosing(node, cst.If)
        if statement is not None and isinstance(statement.orelse, cst.Else) and _kind(value) == wanted:
            inside_body = source.within(node, statement.body)
            other = statement.orelse.body if inside_body else statement.body
            if any(source.within(n, other) and _kind(v) not in (wanted, None) for n, v in values):
                return Choice(source, statement, statement.test, not inside_body)
    return UNSURE


def _branch_of_functional(source: Source, call: cst.Call, wanted: str) -> str | None:
    """`F.cross_entropy(out, y)` in one branch of an `if` whose other branch gives `y` to a loss
    of another kind: the cast goes at this call only."""
    target = argument(call, 1, "target")
    statement = source.enclosing(call, cst.If)
    if target is None or statement is None:
        return None
    for other in (statement.body, statement.orelse):
        if other is None or source.within(call, other):
            continue
        for found in source.nodes(cst.Call, lambda c: source.within(c, other) and last_name(c.func) in TARGET_KINDS):
            given = argument(found, 1, "target")
            if given is not None and source.code(given) == source.code(target) \
                    and TARGET_KINDS[last_name(found.func)] != wanted:
                return CALL_SITE
    return None


def _helper_kinds(project: list[Source], call: cst.Call) -> set[str]:
    """The kinds of the losses a project function returns (`def make_loss(n): ...`)."""
    functions = [f for source in project
                 for f in source.nodes(cst.FunctionDef, lambda f: f.name.value == last_name(call.func))]
    return _kinds([r.value for f in functions for r in own_nodes(f, cst.Return) if r.value is not None])


def _kinds(values: list) -> set[str]:
    found = set()
    for value in values:
        for side in (value.body, value.orelse) if isinstance(value, cst.IfExp) else (value,):
            kind = _kind(side)
            if kind is not None:
                found.add(kind)
    return found


def _kind(value: cst.BaseExpression) -> str | None:
    return TARGET_KINDS.get(last_name(value.func)) if isinstance(value, cst.Call) else None
