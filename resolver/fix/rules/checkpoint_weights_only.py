"""## What it does
Passes `weights_only=False` to the failing `torch.load` when the project writes its checkpoints
itself (`torch.save` in its source).

## Why is this bad?
`Weights only load failed ... Unsupported global: GLOBAL argparse.Namespace`: the checkpoint
holds Python objects beyond tensors. Why `weights_only=False` and not
`torch.serialization.add_safe_globals([...])`: the file was written by the same project, so it
is as trusted as the code that loads it, and the failing global is rarely the only one (a
Namespace holds paths, a dataclass holds enums). Allow-listing is the answer for files from
elsewhere; for those (no `torch.save` in the project) the rule proposes nothing, and a load that
asks for `weights_only=True` by name is left as the user wrote it.

## Example
```python
torch.save({"model": model.state_dict(), "args": args}, "last.pt")
state = torch.load("last.pt")
```

Use instead:
```python
torch.save({"model": model.state_dict(), "args": args}, "last.pt")
state = torch.load("last.pt", weights_only=False)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._checkpoint import (
    LOADERS,
)
from resolver.fix.rules._project import (
    sources_mentioning,
)
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import keyword_arg, user_frames
from resolver.write.edits import Edit, Workspace

SAVERS = frozenset({"torch.save", "torch.serialization.save"})


def _trusted_load(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    if not any(s.calls(c, SAVERS) for s in sources_mentioning(workspace, r"\bsave\(") for c in s.nodes(cst.Call)):
        return  # the checkpoint comes from elsewhere: whether to trust its globals is the user's call
    for frame, source in user_frames(diagnosis, workspace):
        loads = [c for c in source.on_line(cst.Call, frame.line) if source.calls(c, LOADERS)]
        if not loads:
            continue
        call = loads[0]
        if any(a.keyword is not None and a.keyword.value == "weights_only" for a in call.args):
            return
        new = call.with_changes(args=[*call.args, keyword_arg("weights_only", "False")])
        reason = (f"Passed weights_only=False to {source.code(call.func)}: the checkpoint holds Python objects "
                  "beyond tensors, and it is written by this project's own torch.save, so it is trusted")
        yield source.edit(source.replaced(call, new), frame.line, reason)
        return


class CheckpointWeightsOnly(Rule):
    categories = ("checkpoint.weights_only",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _trusted_load(diagnosis, workspace)
