"""## What it does
Gives an embedding used as the model's logits (a bigram table: its rows are next-token scores,
its output goes straight into the loss) one column per token: its `embedding_dim` becomes its
`num_embeddings` expression. It fires only when the ids that overflowed the table fit its width
(they were sampled from its own rows) and the table's output is the input of a loss in the
function that looks it up.

## Why is this bad?
`index out of range in self`: a table of `vocab_size` rows and 128 columns scores 128 "tokens";
the loss trains anyway (its targets are below 128), but generation samples ids up to 127 and feeds
them back into a table of `vocab_size` rows. Raising the row count would hide it: the scores must
be over the vocabulary. Nothing is proposed when the table's weights were loaded from a
checkpoint, or when its output is not a loss input there (an encoder followed by a head).

## Example
```python
self.token_embedding_table = nn.Embedding(vocab_size, 128)
...
logits = self.token_embedding_table(idx)
loss = F.cross_entropy(logits.view(B * T, C), targets.view(B * T))
```

Use instead:
```python
self.token_embedding_table = nn.Embedding(vocab_size, vocab_size)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._arguments import argument_at
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Edit, Workspace

LOSS = re.compile(r"cross_entropy|nll_loss|loss|criterion", re.IGNORECASE)
CONSTRUCTORS = {"torch.nn.Embedding", "torch.nn.modules.sparse.Embedding"}


def _root(node: cst.BaseExpression) -> str | None:
    """`logits` in `logits`, `logits.view(B * T, C)`, `logits[:, -1, :]`."""
    while True:
        if isinstance(node, cst.Name):
            return node.value
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            node = node.func.value
        elif isinstance(node, (cst.Subscript, cst.Attribute)):
            node = node.value
        else:
            return None


def _looked_up_into(source: Source, line: int, attribute: str) -> tuple[str, cst.FunctionDef] | None:
    """The name the table's output is assigned to on `line` (`logits = self.table(idx)`), and the
    function doing it."""
    for call in source.on_line(cst.Call, line):
        if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == attribute):
            continue
        assign = source.enclosing(call, cst.Assign)
        function = source.function_of(call)
        if assign is not None and assign.value is call and function is not None and len(assign.targets) == 1 \
                and isinstance(assign.targets[0].target, cst.Name):
            return assign.targets[0].target.value, function
    return None


def _scored_by_a_loss(source: Source, function: cst.FunctionDef, name: str) -> bool:
    """A call in `function` named like a loss takes `name` (or a view of it) as its first input."""
    for call in source.nodes(cst.Call, lambda c: source.within(c, function)):
        positional = [a for a in call.args if a.keyword is None and not a.star]
        if len(positional) >= 2 and LOSS.search(last_name(call.func) or "") and _root(positional[0].value) == name:
            return True
    return False


def _logits_table(diagnosis: Diagnosis, workspace: Workspace) -> bool:
    layer = diagnosis.module
    attribute = layer.path.rsplit(".", 1)[-1]
    for frame, source in user_frames(diagnosis, workspace):
        found = _looked_up_into(source, frame.line, attribute) if attribute else None
        if found is not None:
            return _scored_by_a_loss(source, found[1], found[0])
    return False


class EmbeddingAsLogits(Rule):
    categories = ("index.embedding",)
    priority = -1  # before module_input, which would add rows for ids the table's own width made

    def matches(self, diagnosis: Diagnosis) -> bool:
        layer = diagnosis.module
        if not super().matches(diagnosis) or layer is None or layer.class_name != "Embedding" or not layer.inputs:
            return False
        rows, width = layer.attributes.get("num_embeddings"), layer.attributes.get("embedding_dim")
        ids = layer.inputs[0]
        return (isinstance(rows, int) and isinstance(width, int) and ids.min is not None and ids.max is not None
                and 0 <= ids.min and rows <= ids.max < width)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        layer = diagnosis.module
        if layer.site is None or layer.loaded_weights or not _logits_table(diagnosis, workspace):
            return  # a checkpoint's table: another width would not load it
            return
        rows = argument_at(workspace, layer.site, CONSTRUCTORS | {layer.qualname}, 0, "num_embeddings")
        width = argument_at(workspace, layer.site, CONSTRUCTORS | {layer.qualname}, 1, "embedding_dim")
        if rows is None or width is None or width.shared:
            return
        count = rows.source.code(rows.arg.value)
        new_text, new_call = width.rewrite(count)
        reason = (f"Changed {width.source.code(width.call)} to {new_call}: the table's rows are the model's scores "
                  f"over the tokens, so it needs one column per token ({layer.attributes['num_embeddings']}, not "
                  f"{layer.attributes['embedding_dim']}); ids sampled from its {layer.attributes['embedding_dim']} "
                  f"columns overflowed its rows")
        yield width.source.edit(new_text, width.source.line_of(width.call), reason)
