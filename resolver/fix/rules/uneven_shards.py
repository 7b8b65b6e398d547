"""## What it does
Gives every rank the same share of the data where a hand-written sampler splits it: the share
`math.ceil(total / world_size)` (also `int(math.ceil(total / float(world_size)))`) becomes
`total // world_size`, and a striped split (`torch.arange(rank, n, world_size)`, `range(...)`)
stops at the last whole round (`n // world_size * world_size`), in the class the failing DataLoader
takes (its `sampler=`, `batch_sampler=` or dataset, directly or through the name it was assigned
to). The remainder, fewer samples than there are ranks, is left out of the epoch, as `drop_last`
does for DistributedSampler.

## Why is this bad?
Every DDP backward is a collective. With the ceiling, the last rank's share is shorter (251
samples on 2 ranks: 126 and 125), so one rank runs an extra batch whose gradient all-reduce no
other rank joins: a full run hangs at the end of the first epoch, or gloo aborts it. Smoke mode
runs the same few batches on every rank; resolve reads each rank's sampler length instead.

## Example
```python
per_rank = int(math.ceil(len(self.indices) / float(world_size)))
self.indices = self.indices[rank * per_rank:(rank + 1) * per_rank]
```

Use instead:
```python
per_rank = len(self.indices) // world_size
self.indices = self.indices[rank * per_rank:(rank + 1) * per_rank]
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, project_sources, user_frames
from resolver.write.edits import Edit, Workspace

CEIL = {"math.ceil", "numpy.ceil"}
RANKS = re.compile(r"world|replica|num_ranks|ranks|num_parts|partitions|nproc", re.IGNORECASE)
WHY = ("the ceiling gives the last rank fewer samples, so the others run a backward whose all-reduce it never "
       "joins; equal shares keep every rank's batches in step")


def _sampler_classes(source: Source, loader: cst.Call) -> list[str]:
    """The class names of the sampler and the dataset the DataLoader call takes, each followed
    through one assignment."""
    found = []
    for keyword in ("batch_sampler", "sampler", "dataset"):
        arg = next((a for a in loader.args if a.keyword and a.keyword.value == keyword), None)
        if arg is None and keyword == "dataset" and loader.args and loader.args[0].keyword is None:
            arg = loader.args[0]
        value = arg.value if arg is not None else None
        if isinstance(value, cst.Name):
            made = [a.value for a in source.nodes(cst.Assign) if source.function_of(a) is source.function_of(loader)
                    and any(isinstance(t.target, cst.Name) and t.target.value == value.value for t in a.targets)]
            value = made[-1] if len(made) == 1 else None
        if isinstance(value, cst.Call) and isinstance(value.func, (cst.Name, cst.Attribute)):
            found.append(value.func.value if isinstance(value.func, cst.Name) else value.func.attr.value)
    return found


def _unwrapped(node: cst.BaseExpression) -> cst.BaseExpression:
    """`float(x)` -> `x`."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "float" \
            and len(node.args) == 1:
        return node.args[0].value
    return node


def _ceil_shares(source: Source, klass: cst.ClassDef) -> list[tuple[cst.CSTNode, str]]:
    """`ceil(total / world)` in the class (with the `int(...)` around it) and its floor division;
    `arange(rank, n, world)` and the same call stopping at the last whole round."""
    found = []
    for call in source.nodes(cst.Call, lambda c: source.within(c, klass) and source.calls(c, CEIL)):
        inner = call.args[0].value if len(call.args) == 1 else None
        if not (isinstance(inner, cst.BinaryOperation) and isinstance(inner.operator, cst.Divide)):
            continue
        total, ranks = _unwrapped(inner.left), _unwrapped(inner.right)
        if not RANKS.search(source.code(ranks)):
            continue
        outer = source.parents.get(source.parents.get(call))
        if isinstance(outer, cst.Call) and isinstance(outer.func, cst.Name) and outer.func.value == "int":
            call = outer
        found.append((call, f"{source.code(total)} // {source.code(ranks)}"))
    striding = {"torch.arange", "builtins.range", "numpy.arange"}
    for call in source.nodes(cst.Call, lambda c: source.within(c, klass) and len(c.args) == 3
                             and (source.calls(c, striding) or source.code(c.func) == "range")):
        stop, step = call.args[1].value, call.args[2].value
        if RANKS.search(source.code(step)) and not RANKS.search(source.code(stop)):
            whole = f"{source.code(stop)} // {source.code(step)} * {source.code(step)}"
            found.append((call, source.code(call.with_changes(args=[
                call.args[0], call.args[1].with_changes(value=cst.parse_expression(whole)), call.args[2]]))))
    return found


class UnevenShards(Rule):
    categories = ("dist.uneven_inputs",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            loader = next((c for c in source.on_line(cst.Call, frame.line)
                           if source.code(c.func).endswith("DataLoader")), None)
            names = _sampler_classes(source, loader) if loader is not None else []
            classes = [(f, c) for f in project_sources(workspace) for c in f.nodes(cst.ClassDef)
                       if c.name.value in names]
            shares = [(f, c, *share) for f, c in classes for share in _ceil_shares(f, c)]
            if len(shares) != 1:
                return  # none, or several: which one splits the data is not clear
            file, klass, node, even = shares[0]
            yield file.edit(file.replaced(node, cst.parse_expression(even)), file.line_of(node),
                            f"Changed {file.code(node)} to {even} in {klass.name.value}, so that every rank gets "
                            f"the same number of samples: {WHY}")
            return
