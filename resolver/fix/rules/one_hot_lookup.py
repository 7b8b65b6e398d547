"""## What it does
Looks rows up instead of multiplying by a one-hot matrix: a product `F.one_hot(ids, C).float() @ W`
(also `torch.matmul`, `.matmul`, `.mm`, directly or through a name made once and read there) that
ran out of memory becomes `F.embedding(ids, W)`, spelled as the file spells its one-hot. The same
values and the same gradient for W: a one-hot row picks the row of W its id names.

## Why is this bad?
`F.one_hot(tokens, 20000).float()` makes a batch x length x 20000 matrix (1.3 GB at 32 x 256
tokens) only to pick one row of W per token; the lookup needs none of it. A product whose one-hot
infers its classes, or whose other factor is not a matrix the run or the class shows as 2-D, is
left alone.

## Example
```python
onehot = F.one_hot(tokens, self.vocab_size).float()
emb = onehot @ self.embedding
```

Use instead:
```python
emb = F.embedding(tokens, self.embedding)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._needless import cast_chain, made_2d, made_once, seen, sources
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call
from resolver.fix.rules.one_hot_counts import PRODUCTS, _one_hot
from resolver.write.edits import Edit, Workspace

FLOATS = ("", ".float()", ".double()", ".half()", ".bfloat16()")


class OneHotLookup(Rule):
    categories = ("memory.cpu_oom", "memory.cuda_oom", "memory.killed", "memory.forecast_oom")
    priority = -4  # before the other needless products, memory_leaks and the batch

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for file in sources(diagnosis, workspace):
            for node in file.nodes((cst.BinaryOperation, cst.Call)):
                edit = _looked_up(diagnosis, file, node)
                if edit is not None:
                    yield edit


def _factors(file: Source, node: cst.CSTNode) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.MatrixMultiply):
        return node.left, node.right
    if isinstance(node, cst.Call) and any(a.keyword or a.star for a in node.args):
        return None
    if isinstance(node, cst.Call) and file.calls(node, PRODUCTS) and len(node.args) == 2:
        return node.args[0].value, node.args[1].value
    if method_call(node, "matmul", "mm") and len(node.args) == 1:
        return node.func.value, node.args[0].value
    return None


def _looked_up(diagnosis: Diagnosis, file: Source, node: cst.CSTNode) -> Edit | None:
    factors = _factors(file, node)
    made = _one_hot(file, factors[0]) if factors else None
    if made is None or made[2] not in FLOATS:
        return None
    table = factors[1]
    found = seen(diagnosis, file, table)
    if not (found is not None and len(found.shape) == 2 or found is None and made_2d(file, table)):
        return None  # the other factor is not shown to be a matrix of rows to pick
    spelled = file.code(cast_chain(made_once(file, factors[0])[0])[0].func)  # `F.one_hot`, as the file has it
    module = spelled[:-len("one_hot")] or f"{file.torch}.nn.functional."  # a bare `one_hot` import: spelled out
    lookup = f"{module}embedding({file.code(made[0])}, {file.code(table)})"
    replacements = {node: cst.parse_expression(lookup)}  # a call: the product's parentheses are not needed
    if made[3] is not None:
        replacements[made[3]] = cst.RemovalSentinel.REMOVE
    reason = (f"`{file.code(node)}` picked rows of {file.code(table)} by multiplying with a one-hot matrix (ids x "
              f"classes); {lookup} picks the same rows, with the same gradient, without making it")
    return file.edit(replaced_all(file.module, replacements), file.line_of(node), reason, uses_torch=True)
