"""## What it does
Pads each tokenized sample to the length its tokenizer call already states: in a Dataset's
`__getitem__`, a call that tokenizes one text with `max_length=` and `padding=True` (or
`"longest"`, or no padding at all) gets `padding="max_length"`. Only when the samples the batch
could not stack are sequences of one dimension, and that call is the one with a `max_length=` in
`__getitem__`.

## Why is this bad?
`stack expects each tensor to be equal size, but got [19] at entry 0 and [17] at entry 1`:
`padding=True` pads to the longest sequence *of the call*, and a call given one review has nothing
to pad it to, so every sample keeps its own length and the DataLoader cannot stack a batch.
`max_length` then only truncates. The call states the length every sample should have.

## Example
```python
inputs = self.tokenizer.encode_plus(review, None, add_special_tokens=True,
                                    max_length=self.max_len, padding=True, truncation=True)
```

Use instead:
```python
inputs = self.tokenizer.encode_plus(review, None, add_special_tokens=True,
                                    max_length=self.max_len, padding="max_length", truncation=True)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._dataset import getitem_of
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import keyword_arg, keyword_given
from resolver.fix.rules._syntax import last_name, own_nodes
from resolver.write.edits import Edit, Workspace

TO_LONGEST = ("True", '"longest"', "'longest'")


class PaddingToMaxLength(Rule):
    categories = ("data.ragged_batch",)
    priority = -1  # before ragged_batch: the tokenizer states the length, no collate function is needed

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        loader = diagnosis.loader
        if loader is None or loader.collate_fn is not None or not loader.ragged \
                or any(kind[1] != 1 for kind in loader.ragged.values()):
            return  # only sequences of one dimension: token ids and their masks
        source, getitem = getitem_of(workspace, loader)
        if getitem is None:
            return
        calls = [c for c in own_nodes(getitem, cst.Call) if keyword_given(c, "max_length") is not None]
        if len(calls) != 1 or any(a.star for a in calls[0].args):
            return
        call = calls[0]
        padding = keyword_given(call, "padding")
        if padding is not None and source.code(padding.value) not in TO_LONGEST:
            return  # padded to the stated length already, or by a setting
        if padding is None and (keyword_given(call, "pad_to_max_length") is not None or not _tokenizes(source, call)):
            return  # the deprecated spelling of the same choice (the user's to update), or not a tokenizer
        value = cst.SimpleString(f"{source.quote}max_length{source.quote}")
        new = call.with_changes(args=[a.with_changes(value=value) if a is padding else a for a in call.args]) \
            if padding is not None else call.with_changes(args=[*call.args, keyword_arg("padding", value.value)])
        was = f"padding={source.code(padding.value)}" if padding is not None else "no padding"
        yield source.edit(source.replaced(call, new), source.line_of(call),
                          f"Padded every sample to max_length ({was} -> padding={value.value}): a call given one "
                          "text pads it to the longest of that one text, so the samples keep their own lengths "
                          "and the batch cannot be stacked; the call states the length each should have")


def _tokenizes(source, call: cst.Call) -> bool:
    """A tokenizer's call: `tokenizer(...)`, `self.tokenizer.encode_plus(...)`, `tok.encode(...)`."""
    return "token" in source.code(call.func).lower() or last_name(call.func) in ("encode", "encode_plus")
