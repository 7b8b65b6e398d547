"""## What it does
Runs the wrapped model, `getattr(model, "module", model)`, where code that only some ranks reach
(samples drawn, a batch logged or evaluated under `if rank == 0:`, directly or in a helper that
branch calls) calls a `DistributedDataParallel` model's forward.

## Why is this bad?
DDP's forward is a collective: it broadcasts the model's buffers (BatchNorm statistics) from rank 0
to every rank (`broadcast_buffers=True`). Called by rank 0 alone, that broadcast pairs with whatever
collective the other ranks call next, so the ranks drift apart without an error, and the run hangs,
or rank 0 fails with "Connection closed by peer" when the others exit. The wrapped module computes
the same output without the collective; `getattr` keeps a single-process run, where the model is
not wrapped, as it is.

## Example
```python
if rank == 0:
    samples = generator(fixed_noise)
```

Use instead:
```python
if rank == 0:
    samples = getattr(generator, "module", generator)(fixed_noise)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import project_sources, user_frames
from resolver.fix.rules._syntax import BUILTINS, last_name, own_nodes
from resolver.fix.rules.collective_in_rank_branch import rank_branch
from resolver.write.edits import Edit, Workspace


def _in_wrapper_forward(diagnosis: Diagnosis) -> bool:
    """The innermost user frame called into DistributedDataParallel's forward."""
    users = [i for i, frame in enumerate(diagnosis.frames) if frame.user]
    return bool(users) and any(f.wrapper_forward for f in diagnosis.frames[users[-1] + 1:])


def _model_call(calls: list[cst.Call]) -> cst.Call | None:
    """The one call on the line that can be a model's: `net(x)` or `self.net(x)`, not a builtin,
    a function of a module (`torch.cat`) or a method of a value (`x.view`)."""
    found = [c for c in calls if isinstance(c.func, cst.Name) and c.func.value not in BUILTINS
             or isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Name)
             and c.func.value.value == "self"]
    return found[0] if len(found) == 1 else None


def _only_under_rank_branches(workspace: Workspace, helper: cst.FunctionDef) -> bool:
    """Every call of the helper in the project sits in a rank branch."""
    name = helper.name.value
    for source in project_sources(workspace):
        for call in source.nodes(cst.Call):
            if last_name(call.func) == name and rank_branch(source, call) is None:
                return False
    return True


class RankOnlyWrapperForward(Rule):
    categories = ("dist.hang",)
    priority = 1  # after collective_in_rank_branch: a collective the user wrote is moved first

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if not _in_wrapper_forward(diagnosis):
            return
        frames = list(user_frames(diagnosis, workspace))
        if not frames:
            return
        frame, source = frames[0]
        under = [(f, b) for f, s in frames if (line := s.statement_at(f.line)) is not None
                 and (b := rank_branch(s, line)) is not None]
        call = _model_call(source.on_line(cst.Call, frame.line))
        if not under or call is None:
            return  # every rank runs this forward: the collective is matched, the fault is elsewhere
        helper = source.function_of(call) if under[0][0] is not frame else None
        if under[0][0] is not frame and (helper is None or not _only_under_rank_branches(workspace, helper)):
            return  # a helper every rank also runs (to train): its forward must stay the wrapper's
        # what the rank-only code around the forward does: the branch, and the helper it calls
        scopes = [under[0][1], *([helper] if helper is not None else [])]
        if any(isinstance(c.func, cst.Attribute) and c.func.attr.value in ("backward", "step")
               for scope in scopes for c in own_nodes(scope, cst.Call)):
            return  # a step only some ranks train: the replicas would part ways, a redesign
        model = source.code(call.func)
        wrapped = cst.parse_expression(f'getattr({model}, "module", {model})')
        yield source.edit(source.replaced(call.func, wrapped), frame.line,
                          f"Ran the wrapped model, getattr({model}, \"module\", {model}), where only some ranks call "
                          f"it: a DistributedDataParallel forward broadcasts the model's buffers to every rank, and "
                          f"called by one rank alone it waits for ranks that never join")
