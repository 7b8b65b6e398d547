"""## What it does
Holds one embedding table per categorical column in an `nn.ModuleList` instead of an
`nn.Sequential`, and embeds each column with its own table where the Sequential was called:
`self.embeds(x)` becomes `torch.stack([emb(x[:, i]) for i, emb in enumerate(self.embeds)], dim=1)`,
the `[batch, columns, dim]` one table would give, so the code after it reads what it expected
(`torch.cat(..., dim=1)` when the tables' widths differ). Only when every item of the Sequential is
an nn.Embedding, the probe saw it take a 2-D integer tensor with one column per table, and the
call is the attribute's one call in its file.

## Why is this bad?
`Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int;
but got torch.FloatTensor`: nn.Sequential applies its items one after another, so the second
table gets the first one's float vectors as indices.

## Example
```python
self.embeds = nn.Sequential(nn.Embedding(7, 4), nn.Embedding(12, 4))
...
x = self.embeds(codes).flatten(1)
```

Use instead:
```python
self.embeds = nn.ModuleList([nn.Embedding(7, 4), nn.Embedding(12, 4)])
...
x = torch.stack([emb(codes[:, i]) for i, emb in enumerate(self.embeds)], dim=1).flatten(1)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._module_list import as_module_list, called_once, held_in_list, sequential_built
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, names_in
from resolver.write.edits import Edit, Workspace

EMBEDDING = {"torch.nn.Embedding", "torch.nn.modules.sparse.Embedding"}


class SequentialEmbeddings(Rule):
    categories = ("dtype.index_expected",)
    priority = 1  # after dtype_contract (it casts ids made with the wrong dtype, never an item-made input)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if len(diagnosis.modules) < 2 or diagnosis.module.class_name != "Embedding":
            return
        holder = diagnosis.modules[-2]
        built = sequential_built(workspace, holder)
        codes = holder.inputs[0] if holder.inputs else None
        called = built and codes is not None and called_once(diagnosis, workspace, 1)
        if not called or not codes.dtype.startswith(("int", "uint")) or len(codes.shape) != 2:
            return
        (home, construction), (source, call) = built, called
        tables = [a.value for a in construction.args]
        if len(tables) < 2 or codes.shape[1] != len(tables) or any(a.star or a.keyword for a in construction.args) \
                or not all(home.calls(t, EMBEDDING) for t in tables):
            return
        given = call.args[0].value
        new_construction = as_module_list(home, construction)
        if not isinstance(given, (cst.Name, cst.Attribute)) or {"i", "emb"} & set(names_in(given)) \
                or new_construction is None:
            return
        joined = "stack" if _one_width(diagnosis, home, tables) else "cat"
        columns = source.code(given)
        embedded = cst.parse_expression(
            f"{source.torch}.{joined}([emb({columns}[:, i]) for i, emb in enumerate({source.code(call.func)})], dim=1)")
        reason = (f"Held the {len(tables)} embedding tables of {source.code(call.func)} in an nn.ModuleList (built at "
                  f"{home.path.name}:{home.line_of(construction)}) and embedded each of the {len(tables)} columns of "
                  f"{columns} with its own table: nn.Sequential fed the first table's float vectors to the second "
                  "as indices")
        yield held_in_list(home, construction, new_construction, source, call, embedded, reason, uses_torch=True)


def _one_width(diagnosis: Diagnosis, home: Source, tables: list[cst.BaseExpression]) -> bool:
    """Every table embeds to one width: the first two as the probe saw them (the first table's output
    went into the second), the others by their written width, a literal or the same text as another's."""
    written = [home.code(w.value) if (w := argument(t, 1, "embedding_dim")) else None for t in tables]
    seen = (diagnosis.module.inputs[0].shape[-1] if diagnosis.module.inputs[0] else None,
            diagnosis.module.attributes.get("embedding_dim"))
    widths = [seen[i] if i < 2 else int(w) if w and w.isdigit() else w for i, w in enumerate(written)]
    return None not in written and len(set(written)) == 1 or None not in widths and len(set(widths)) == 1
