"""## What it does
Swaps an Embedding's two sizes when they were given in the wrong order: `nn.Embedding(embed_dim,
vocab_size)` becomes `nn.Embedding(vocab_size, embed_dim)`. It fires only when the ids that
overflowed the table's rows fit its width, the first argument names a dimension (`dim`, `emb`,
`hidden`, `d_model`) and the second a vocabulary or a count (`vocab`, `tokens`, `words`, `num_*`,
`n_*`, `len(...)`).

## Why is this bad?
`index out of range in self`: `nn.Embedding(num_embeddings, embedding_dim)` takes the number of
rows (one per id) first. With the sizes swapped the table has `embed_dim` rows, and any id past
it fails; raising the row count instead would leave a table of the wrong shape whose width is the
vocabulary. Nothing is proposed when the names do not say which is which, or the weights were
loaded from a checkpoint.

## Example
```python
self.embed = nn.Embedding(EMBED_DIM, VOCAB_SIZE)
```

Use instead:
```python
self.embed = nn.Embedding(VOCAB_SIZE, EMBED_DIM)
```
"""

from __future__ import annotations

import re
from typing import Iterator

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._arguments import argument_at
from resolver.fix.rules._rule import Rule
from resolver.write.edits import Edit, Workspace

CONSTRUCTORS = {"torch.nn.Embedding", "torch.nn.modules.sparse.Embedding"}
DIMENSION = re.compile(r"dim|emb|hidden|d_model|width|features", re.IGNORECASE)
COUNT = re.compile(r"vocab|token|word|char|^n_|\.n_|num_|^len\(|count|ntoken|n_items|n_users", re.IGNORECASE)


class EmbeddingArgumentsSwapped(Rule):
    categories = ("index.embedding",)
    priority = -2  # before embedding_as_logits and module_input: the names say the sizes are in the wrong order

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
        if layer.site is None or layer.loaded_weights:
            return
        constructors = CONSTRUCTORS | {layer.qualname}
        rows = argument_at(workspace, layer.site, constructors, 0, "num_embeddings")
        width = argument_at(workspace, layer.site, constructors, 1, "embedding_dim")
        if rows is None or width is None or rows.arg.keyword is not None or width.arg.keyword is not None:
            return
        first, second = rows.source.code(rows.arg.value), width.source.code(width.arg.value)
        if not (DIMENSION.search(first) and not COUNT.search(first) and COUNT.search(second)
                and not DIMENSION.search(second)):
            return
        call = rows.call
        args = list(call.args)
        at = [i for i, a in enumerate(args) if a is rows.arg or a is width.arg]
        args[at[0]], args[at[1]] = (args[at[0]].with_changes(value=width.arg.value),
                                    args[at[1]].with_changes(value=rows.arg.value))
        new = call.with_changes(args=args)
        source = rows.source
        reason = (f"Changed {source.code(call)} to {source.module.code_for_node(new)}: an Embedding takes the number "
                  f"of ids first and the dimension second; with {first} rows, ids up to "
                  f"{layer.inputs[0].max} had none")
        yield source.edit(source.replaced(call, new), source.line_of(call), reason)
