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
from resolver.write.edits import Edit, Workspace

# keyword -> (the API prefix that removed it, what the report says); only keywords whose removal keeps
# what the program computes
REMOVED = {
    "verbose": ("torch.optim.lr_scheduler.", "the schedulers' verbose printing was deprecated in torch 2.2 and is "
                "gone from this torch; scheduler.get_last_lr() gives the rate where the script wants it"),
}
UNEXPECTED = re.compile(r"got an unexpected keyword argument '(\w+)'")


def _without(call: cst.Call, keyword: str) -> cst.Call:
    """The call without the keyword; a last argument hands its comma (and the line break before the
    closing parenthesis) to the one before it, so the call keeps its layout."""
    args = [a for a in call.args if not (a.keyword and a.keyword.value == keyword)]
    if args and call.args[-1] not in args:
        removed = call.args[-1]
        args[-1] = args[-1].with_changes(comma=removed.comma, whitespace_after_arg=removed.whitespace_after_arg)
    return call.with_changes(args=args)


def _removed_from(source: Source, call: cst.Call, keyword: str, prefix: str) -> bool:
    return any(a.keyword and a.keyword.value == keyword for a in call.args) and \
        any(name.startswith(prefix) for name in source.qualified_names(call.func))


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
                if _removed_from(source, call, keyword, prefix):
                    plain = _without(call, keyword)
                    reason = f"Changed {source.code(call)} to {source.code(plain)}: {why}"
                    yield source.edit(source.replaced(call, plain), frame.line, reason)
                    return
