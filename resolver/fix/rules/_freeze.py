"""Whole-model freezes and the layers attached to a model, for the rules about a freeze that
covers more than the author meant (freeze_after_new_layer, freeze_pretrained_part)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import libcst as cst

from resolver.fix.rules._project import sources_mentioning
from resolver.fix.rules._source import Source, argument, is_docstring, method_call
from resolver.write.edits import Workspace

# torch.nn layers without parameters: attaching one leaves nothing new to train
PARAMETER_FREE = frozenset({
    "Identity", "Flatten", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "ReLU", "ReLU6", "GELU", "SiLU",
    "Tanh", "Sigmoid", "LeakyReLU", "ELU", "Softmax", "LogSoftmax", "MaxPool1d", "MaxPool2d", "MaxPool3d",
    "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d",
    "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "Upsample",
})


@dataclass(frozen=True)
class Freeze:
    """One statement that freezes a model as a whole: `block.body[index]`."""

    source: Source
    block: cst.CSTNode
    index: int
    nodes: tuple[cst.BaseExpression, ...]  # the frozen model's expression(s) in the statement
    helpers: dict  # the project's freezing helpers (see freezing_helpers)

    @property
    def model(self) -> str:
        return self.source.module.code_for_node(self.nodes[0])

    @property
    def statement(self) -> cst.CSTNode:
        return self.block.body[self.index]


def freezes(workspace: Workspace) -> Iterator[Freeze]:
    """Every whole-model freeze in the project, block by block, also each call of a freezing helper."""
    freezing = list(sources_mentioning(workspace, r"requires_grad"))
    helpers = freezing_helpers(freezing)
    callers = sources_mentioning(workspace, "|".join(rf"\b{name}\(" for name in helpers)) if helpers else []
    for source in {s.path: s for s in [*freezing, *callers]}.values():
        for block in [source.module, *source.nodes(cst.IndentedBlock)]:
            for index, statement in enumerate(block.body):
                nodes = frozen_nodes(source, statement, helpers)
                if nodes:
                    yield Freeze(source, block, index, tuple(nodes), helpers)


def frozen_nodes(source: Source, statement: cst.CSTNode, helpers: dict | None = None) -> list[cst.BaseExpression]:
    """The expressions naming the model a statement freezes as a whole: `for p in M.parameters():
    p.requires_grad = False`, the same over `named_parameters()`, `M.requires_grad_(False)`, an `if`
    holding only those (one expression per statement, all the same model), or a call of a project
    helper that does only that to one of its parameters (`set_parameter_requires_grad(M, feature_extract)`).
    A loop that tests names (freezes a part) is not a whole-model freeze: empty."""
    if isinstance(statement, cst.If) and statement.orelse is None:
        found = [frozen_nodes(source, s, helpers) for s in statement.body.body]
        codes = {source.module.code_for_node(n) for nodes in found for n in nodes}
        return [n for nodes in found for n in nodes] if all(found) and len(codes) == 1 else []
    call = statement.body[0].value if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
        and isinstance(statement.body[0], cst.Expr) else None
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value in (helpers or {}):
        given = argument(call, *helpers[call.func.value])
        return [given.value] if given is not None else []
    if isinstance(statement, cst.For) and method_call(statement.iter, "parameters", "named_parameters"):
        target = statement.target
        if isinstance(target, cst.Tuple) and target.elements:
            target = target.elements[-1].value
        if not isinstance(target, cst.Name) or not statement.body.body:
            return []
        if all(_sets_no_grad(s, target.value) for s in statement.body.body):
            return [statement.iter.func.value]
        return []
    if method_call(call, "requires_grad_") and _false(call):
        return [call.func.value]
    return []


def frozen_model(source: Source, statement: cst.CSTNode, helpers: dict | None = None) -> str | None:
    """The model a statement freezes as a whole, as code (see frozen_nodes)."""
    nodes = frozen_nodes(source, statement, helpers)
    return source.module.code_for_node(nodes[0]) if nodes else None


def freezing_helpers(sources: list[Source]) -> dict[str, tuple[int, str]]:
    """Project functions whose whole body freezes one of their parameters as a model: name ->
    (position, parameter). A name defined twice is left out: which one runs is not known."""
    found: dict[str, list] = {}
    for source in sources:
        for function in source.nodes(cst.FunctionDef):
            body = [s for s in function.body.body if not is_docstring(s)]
            frozen = {frozen_model(source, s) for s in body} if body else {None}
            params = [p.name.value for p in function.params.params]
            hit = [(params.index(m), m) for m in frozen if m in params] if len(frozen) == 1 else []
            found.setdefault(function.name.value, []).append(hit[0] if hit else None)
    return {name: hits[0] for name, hits in found.items() if len(hits) == 1 and hits[0] is not None}


def _false(call: cst.Call) -> bool:
    arg = argument(call, 0, "requires_grad")
    return arg is not None and isinstance(arg.value, cst.Name) and arg.value.value == "False"


def _sets_no_grad(statement: cst.CSTNode, parameter: str) -> bool:
    """`p.requires_grad = False` or `p.requires_grad_(False)` on the loop's parameter."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    small = statement.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target = small.targets[0].target
        return (isinstance(target, cst.Attribute) and target.attr.value == "requires_grad"
                and isinstance(target.value, cst.Name) and target.value.value == parameter
                and isinstance(small.value, cst.Name) and small.value.value == "False")
    if isinstance(small, cst.Expr) and method_call(small.value, "requires_grad_"):
        owner = small.value.func.value
        return isinstance(owner, cst.Name) and owner.value == parameter and _false(small.value)
    return False


def attaches(source: Source, statement: cst.CSTNode, model: str) -> cst.CSTNode | None:
    """The first place in the statement that attaches a layer with parameters to `model`:
    `model.x = layer`, `model.x[i] = layer`, `setattr(model, name, layer)`, `model.add_module(name, layer)`."""
    code = source.module.code_for_node
    for node in source.nodes((cst.Assign, cst.Call), lambda n: source.within(n, statement)):
        if isinstance(node, cst.Assign):
            targets = [code(t.target) for t in node.targets if isinstance(t.target, (cst.Attribute, cst.Subscript))]
            if any(t.startswith((model + ".", model + "[")) for t in targets) \
                    and may_hold_parameters(source, node.value):
                return node
        elif isinstance(node.func, cst.Name) and node.func.value == "setattr" and len(node.args) == 3:
            if code(node.args[0].value) == model and may_hold_parameters(source, node.args[2].value):
                return node
        elif method_call(node, "add_module", "register_module") and len(node.args) == 2:
            if code(node.func.value) == model and may_hold_parameters(source, node.args[1].value):
                return node
    return None


def may_hold_parameters(source: Source, value: cst.BaseExpression) -> bool:
    if not isinstance(value, (cst.Call, cst.Name, cst.Attribute)):
        return False
    func = value.func if isinstance(value, cst.Call) else value
    return not any(name.startswith("torch.nn.") and name.rsplit(".", 1)[-1] in PARAMETER_FREE
                   for name in source.qualified_names(func))
