"""## What it does
Passes `enforce_sorted=False` to the failing `pack_padded_sequence` (or `pack_sequence`).

## Why is this bad?
`` `lengths` array must be sorted in decreasing order when `enforce_sorted` is True ``: packing
gets lengths in decreasing order, or is told they are not. Sorting the batch by hand reorders
it against its targets; packing sorts (and unsorts) the lengths itself when told.

## Example
```python
packed = pack_padded_sequence(x, lengths, batch_first=True)
```

Use instead:
```python
packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import keyword_arg, user_frames
from resolver.write.edits import Edit, Workspace

PACKERS = {"torch.nn.utils.rnn.pack_padded_sequence", "torch.nn.utils.rnn.pack_sequence"}


def _unsorted_lengths(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    for frame, source in user_frames(diagnosis, workspace):
        for call in source.on_line(cst.Call, frame.line):
            named = source.calls(call, PACKERS) or source.code(call.func).rsplit(".", 1)[-1] in {
                p.rsplit(".", 1)[-1] for p in PACKERS}
            if not named or any(a.keyword and a.keyword.value == "enforce_sorted" for a in call.args):
                continue
            new = call.with_changes(args=[*call.args, keyword_arg("enforce_sorted", "False")])
            reason = (f"Passed enforce_sorted=False to {source.code(call.func)}: the batch's lengths are not sorted, "
                      "and packing sorts them itself")
            yield source.edit(source.replaced(call, new), frame.line, reason)
            return


class PackedLengths(Rule):
    categories = ("data.unsorted_lengths",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _unsorted_lengths(diagnosis, workspace)
