"""## What it does
Drops a keyword argument that torch deprecated and then removed from the API the script calls, where the
keyword changed nothing but what the call prints: `verbose=` of the learning-rate schedulers.

## Why is this bad?
`ReduceLROnPlateau.__init__() got an unexpected keyword argument 'verbose'`: code written for an older
torch passes a keyword the installed torch no longer takes. The schedulers' `verbose` only printed each
learning-rate change; it was deprecated in torch 2.2 and then removed. The training is the same without it;
where the script wants the rate, `scheduler.get_last_lr()` gives it.

## Example
```python
scheduler = optim.lr_scheduler.ReduceLROnPlateau(optimizer, "min", patience=3, verbose=True)
```

Use instead:
```python
scheduler = optim.lr_scheduler.ReduceLROnPlateau(optimizer, "min", patience=3)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import without_argument
from resolver.write.edits import Edit, Workspace

# keyword -> (the API prefix that removed it, what the report says); only keywords whose removal keeps
# what the program computes
REMOVED = {
    "verbose": ("torch.optim.lr_scheduler.", "the schedulers' verbose printing was deprecated in torch 2.2 and is "
                "gone from this torch; scheduler.get_last_lr() gives the rate where the script wants it"),
}
UNEXPECTED = re.compile(r"got an unexpected keyword argument '(\w+)'")


def _removed_keyword(source: Source, call: cst.Call, keyword: str, prefix: str) -> cst.Arg | None:
    """The call's `keyword=` argument, when the call is to the API that removed it."""
    if not any(name.startswith(prefix) for name in source.qualified_names(call.func)):
        return None
    return next((a for a in call.args if a.keyword and a.keyword.value == keyword), None)


class RemovedKeyword(Rule):
    categories = ("module.init_arguments", "api.keyword_argument")
    priority = 1  # after from_numpy_keywords: the two never match one message, the order is only declared

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = UNEXPECTED.search(diagnosis.message)
        if not found or found.group(1) not in REMOVED:
            return
        keyword = found.group(1)
        prefix, why = REMOVED[keyword]
        for frame, source in user_frames(diagnosis, workspace):
            for call in source.on_line(cst.Call, frame.line):
                removed = _removed_keyword(source, call, keyword, prefix)
                if removed is not None:
                    plain = without_argument(call, removed)
                    reason = f"Changed {source.code(call)} to {source.code(plain)}: {why}"
                    yield source.edit(source.replaced(call, plain), frame.line, reason)
                    return
