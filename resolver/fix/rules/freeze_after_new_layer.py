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
from resolver.fix.rules._freeze import attaches, freezes, frozen_model
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, names_in
from resolver.write.edits import Edit, Workspace

MAX_EDITS = 4  # freeze steps moved, one candidate each


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
        yielded = 0
        for freeze in freezes(workspace):
            edit = self._edit(freeze.source, freeze.block, freeze.index, freeze.model, freeze.helpers)
            if edit is not None:
                yield edit
                yielded += 1
                if yielded == MAX_EDITS:
                    return

    def _edit(self, source: Source, block: cst.CSTNode, freeze: int, model: str, helpers: dict) -> Edit | None:
        """The freeze moved above the nearest earlier statement of its block that attaches a
        layer to the model, when nothing in between rebinds a name the freeze reads."""
        body = list(block.body)
        for attach in range(freeze - 1, -1, -1):
            if frozen_model(source, body[attach], helpers) == model:
                return None  # frozen already before: the later freeze is meant as it is
            attaching = attaches(source, body[attach], model)
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
