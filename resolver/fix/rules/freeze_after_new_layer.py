"""## What it does
Moves a "freeze every parameter" step above the statement that attaches a new layer to the same
model, when the freeze comes after it in the same block: `for p in model.parameters():
p.requires_grad = False` (or `model.requires_grad_(False)`, or the loop under an `if freeze:`)
placed after `model.fc = nn.Linear(...)`, `setattr(model, name, head)` or
`model.add_module(name, head)`; the freeze may be a project helper that does only that to the
model it is given (`set_parameter_requires_grad(model, feature_extract)`, in any file). The
freeze then covers the pretrained part only and the new layer stays trainable. Not when the
layer attached holds no parameters (`nn.Identity()`, an activation, dropout, pooling): then
everything is frozen by design, a question for the author.

## Why is this bad?
`element 0 of tensors does not require grad and does not have a grad_fn`: the freeze loop also
froze the head that was meant to be fine-tuned, so nothing the loss is computed from requires grad.

## Example
```python
model.fc = nn.Linear(512, 10)
for p in model.parameters():
    p.requires_grad = False
```

Use instead:
```python
for p in model.parameters():
    p.requires_grad = False
model.fc = nn.Linear(512, 10)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import sources_mentioning
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, is_docstring, method_call, names_in
from resolver.write.edits import Edit, Workspace

# torch.nn layers without parameters: attaching one leaves nothing new to train
PARAMETER_FREE = frozenset({
    "Identity", "Flatten", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "ReLU", "ReLU6", "GELU", "SiLU",
    "Tanh", "Sigmoid", "LeakyReLU", "ELU", "Softmax", "LogSoftmax", "MaxPool1d", "MaxPool2d", "MaxPool3d",
    "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d",
    "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "Upsample",
})
MAX_EDITS = 4  # freeze steps moved, one candidate each


def _frozen_model(source: Source, statement: cst.CSTNode, helpers: dict | None = None) -> str | None:
    """The model a statement freezes as a whole, as code: `for p in M.parameters(): p.requires_grad =
    False`, the same over `named_parameters()`, `M.requires_grad_(False)`, an `if` holding only
    those, or a call of a project helper that does only that to one of its parameters
    (`set_parameter_requires_grad(M, feature_extract)`). A loop that tests names (freezes a part)
    is not a whole-model freeze."""
    if isinstance(statement, cst.If) and statement.orelse is None:
        frozen = {_frozen_model(source, s, helpers) for s in statement.body.body}
        return frozen.pop() if len(frozen) == 1 else None
    call = statement.body[0].value if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
        and isinstance(statement.body[0], cst.Expr) else None
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value in (helpers or {}):
        given = argument(call, *helpers[call.func.value])
        return source.module.code_for_node(given.value) if given is not None else None
    if isinstance(statement, cst.For) and method_call(statement.iter, "parameters", "named_parameters"):
        target = statement.target
        if isinstance(target, cst.Tuple) and target.elements:
            target = target.elements[-1].value
        if not isinstance(target, cst.Name) or not statement.body.body:
            return None
        if all(_sets_no_grad(s, target.value) for s in statement.body.body):
            return source.module.code_for_node(statement.iter.func.value)
        return None
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1:
        call = statement.body[0].value if isinstance(statement.body[0], cst.Expr) else None
        if method_call(call, "requires_grad_") and _false(call):
            return source.module.code_for_node(call.func.value)
    return None


def _freezing_helpers(sources: list[Source]) -> dict[str, tuple[int, str]]:
    """Project functions whose whole body freezes one of their parameters as a model: name ->
    (position, parameter). A name defined twice is left out: which one runs is not known."""
    found: dict[str, list] = {}
    for source in sources:
        for function in source.nodes(cst.FunctionDef):
            body = [s for s in function.body.body if not is_docstring(s)]
            frozen = {_frozen_model(source, s) for s in body} if body else {None}
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


def _attaches(source: Source, statement: cst.CSTNode, model: str) -> cst.CSTNode | None:
    """The first place in the statement that attaches a layer with parameters to `model`:
    `model.x = layer`, `model.x[i] = layer`, `setattr(model, name, layer)`, `model.add_module(name, layer)`."""
    code = source.module.code_for_node
    for node in source.nodes((cst.Assign, cst.Call), lambda n: source.within(n, statement)):
        if isinstance(node, cst.Assign):
            targets = [code(t.target) for t in node.targets if isinstance(t.target, (cst.Attribute, cst.Subscript))]
            if any(t.startswith((model + ".", model + "[")) for t in targets) \
                    and _may_hold_parameters(source, node.value):
                return node
        elif isinstance(node.func, cst.Name) and node.func.value == "setattr" and len(node.args) == 3:
            if code(node.args[0].value) == model and _may_hold_parameters(source, node.args[2].value):
                return node
        elif method_call(node, "add_module", "register_module") and len(node.args) == 2:
            if code(node.func.value) == model and _may_hold_parameters(source, node.args[1].value):
                return node
    return None


def _may_hold_parameters(source: Source, value: cst.BaseExpression) -> bool:
    if not isinstance(value, (cst.Call, cst.Name, cst.Attribute)):
        return False
    func = value.func if isinstance(value, cst.Call) else value
    return not any(name.startswith("torch.nn.") and name.rsplit(".", 1)[-1] in PARAMETER_FREE
                   for name in source.qualified_names(func))


def _assigned_names(statements: list[cst.CSTNode]) -> set[str]:
    names = set()
    for statement in statements:
        for node in _walk(statement):
            if isinstance(node, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign)):
                target = node.target
                if isinstance(target, (cst.Name, cst.Tuple, cst.List)):
                    names |= set(names_in(target))
            elif isinstance(node, cst.For) and isinstance(node.target, (cst.Name, cst.Tuple)):
                names |= set(names_in(node.target))
    return names


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    yield node
    for child in node.children:
        yield from _walk(child)


def _blocks(source: Source) -> Iterator[cst.CSTNode]:
    yield source.module
    yield from source.nodes(cst.IndentedBlock)


def _moved(block: cst.CSTNode, attach: int, freeze: int) -> cst.CSTNode:
    """The freeze statement put right before the attaching one. Each keeps its own comments and
    takes the other's blank lines above them, so the layout reads as before."""
    body = list(block.body)
    attaching, freezing = body[attach], body[freeze]
    attach_blank, attach_comments = _blank_then_rest(attaching.leading_lines)
    freeze_blank, freeze_comments = _blank_then_rest(freezing.leading_lines)
    new_freeze = freezing.with_changes(leading_lines=[*attach_blank, *freeze_comments])
    new_attach = attaching.with_changes(leading_lines=[*freeze_blank, *attach_comments])
    body = [*body[:attach], new_freeze, new_attach, *body[attach + 1:freeze], *body[freeze + 1:]]
    return block.with_changes(body=body)


def _blank_then_rest(lines) -> tuple[list, list]:
    """Leading lines split into the blank lines on top and the comments (with what follows them)."""
    lines = list(lines)
    blank = 0
    while blank < len(lines) and lines[blank].comment is None:
        blank += 1
    return lines[:blank], lines[blank:]


class FreezeAfterNewLayer(Rule):
    categories = ("autograd.no_grad_fn",)
    priority = 1  # after no_grad_fn: a cut on the loss's own path is the nearer cause

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yielded, freezing = 0, list(sources_mentioning(workspace, r"requires_grad"))
        helpers = _freezing_helpers(freezing)
        callers = sources_mentioning(workspace, "|".join(rf"\b{name}\(" for name in helpers)) if helpers else []
        for source in {s.path: s for s in [*freezing, *callers]}.values():
            for block in _blocks(source):
                for index, statement in enumerate(block.body):
                    model = _frozen_model(source, statement, helpers)
                    if model is None or yielded >= MAX_EDITS:
                        continue
                    edit = self._edit(source, block, index, model, helpers)
                    if edit is not None:
                        yielded += 1
                        yield edit

    def _edit(self, source: Source, block: cst.CSTNode, freeze: int, model: str, helpers: dict) -> Edit | None:
        """The freeze moved above the nearest earlier statement of its block that attaches a
        layer to the model, when nothing in between rebinds a name the freeze reads."""
        body = list(block.body)
        for attach in range(freeze - 1, -1, -1):
            if _frozen_model(source, body[attach], helpers) == model:
                return None  # frozen already before: the later freeze is meant as it is
            attaching = _attaches(source, body[attach], model)
            if attaching is None:
                continue
            read = set(names_in(body[freeze])) - _assigned_names([body[freeze]])
            if read & _assigned_names(body[attach:freeze]):
                return None
            new = source.replaced(block, _moved(block, attach, freeze)) if block is not source.module \
                else _moved(block, attach, freeze).code
            layer = source.code(attaching)
            layer = layer if len(layer) <= 60 else layer[:57] + "..."
            reason = (f"Moved the freeze of every parameter of `{model}` (line {source.line_of(body[freeze])}) "
                      f"above `{layer}` (line {source.line_of(attaching)}): it froze the new "
                      "layer too, so nothing the loss is computed from required grad")
            return source.edit(new, source.line_of(body[attach]), reason)
        return None
