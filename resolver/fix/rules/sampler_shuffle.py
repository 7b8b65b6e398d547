"""## What it does
Lets the sampler decide the order when a `DataLoader` is given both a `sampler` (a
`DistributedSampler`, which shuffles by itself) and `shuffle=True`: the `shuffle=True` is
dropped; when the sampler is a name that may be None (a helper's parameter, `sampler = ... if
distributed else None`) the loader still shuffles without one: `shuffle=sampler is None`.

## Why is this bad?
`ValueError: sampler option is mutually exclusive with shuffle`: a DataLoader takes its order
from the sampler or from `shuffle`, not both. Under DDP the `DistributedSampler` must stay (it
gives each rank its own shard, shuffled each epoch by `set_epoch`); `shuffle=True` goes.

## Example
```python
sampler = DistributedSampler(train_set)
loader = DataLoader(train_set, batch_size=32, shuffle=True, sampler=sampler)
```

Use instead:
```python
sampler = DistributedSampler(train_set)
loader = DataLoader(train_set, batch_size=32, sampler=sampler)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, user_frames
from resolver.fix.rules._syntax import is_none, without_argument
from resolver.write.edits import Edit, Workspace

LOADER = {"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"}
WHY = ("a DataLoader takes its order from its sampler or from shuffle, not both; the sampler (a "
       "DistributedSampler shuffles each rank's shard itself) decides")


def _may_be_none(source: Source, call: cst.Call, name: str) -> bool:
    """The sampler name is a parameter or is assigned None (or a conditional with a None branch)
    somewhere in the function that builds the loader."""
    function = source.function_of(call)
    scope = function if function is not None else source.module
    if function is not None and name in {p.name.value for p in function.params.params + function.params.kwonly_params}:
        return True
    for assign in source.nodes(cst.Assign, lambda a: source.within(a, scope)):
        if any(source.code(t.target) == name for t in assign.targets):
            value = assign.value
            branches = (value.body, value.orelse) if isinstance(value, cst.IfExp) else (value,)
            if any(is_none(b) for b in branches):
                return True
    return False


class SamplerShuffle(Rule):
    categories = ("data.sampler_shuffle",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            for call in source.on_line(cst.Call, frame.line):
                if not source.calls(call, LOADER):
                    continue
                shuffle, sampler = argument(call, 2, "shuffle"), argument(call, 3, "sampler")
                if shuffle is None or sampler is None or shuffle.keyword is None:
                    return
                if source.code(shuffle.value) == "False":
                    return
                given = source.code(sampler.value)
                if isinstance(sampler.value, cst.Name) and _may_be_none(source, call, given):
                    value = f"{given} is None" if source.code(shuffle.value) == "True" else \
                        f"{source.code(shuffle.value)} and {given} is None"
                    new = call.with_changes(args=[shuffle.with_changes(value=cst.parse_expression(value))
                                                  if a is shuffle else a for a in call.args])
                    said = f"shuffle={value}"
                else:
                    new, said = without_argument(call, shuffle), f"dropped shuffle={source.code(shuffle.value)}"
                yield source.edit(source.replaced(call, new), frame.line, f"Let the sampler decide the order "
                                  f"({said}): {WHY}")
                return
