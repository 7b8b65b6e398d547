"""## What it does
Passes on only the output tensor of an nn.LSTM, nn.GRU or nn.RNN that is an item of an
`nn.Sequential` (its arguments, or the list it is built from): a small `RNNOutput` module, defined
once in that file, goes right after the RNN, as `output, _ = self.lstm(x)` would in a `forward`.
Only when the layer that got the tuple was built as the item right after the RNN.

## Why is this bad?
`must be Tensor, not tuple`, `'tuple' object has no attribute ...`: nn.Sequential hands each
item's result to the next, and an RNN returns `(output, state)`, so the layer after it gets
the tuple.

## Example
```python
model = nn.Sequential(
    nn.LSTM(n_features, hidden),
    nn.Linear(hidden, 1),
)
```

Use instead:
```python
class RNNOutput(nn.Module):
    def forward(self, output_and_state):
        return output_and_state[0]


model = nn.Sequential(
    nn.LSTM(n_features, hidden),
    RNNOutput(),
    nn.Linear(hidden, 1),
)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import nn_spelling
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.write.edits import Edit, Workspace

RNNS = {f"torch.nn.{name}" for name in ("LSTM", "GRU", "RNN")} | {
    f"torch.nn.modules.rnn.{name}" for name in ("LSTM", "GRU", "RNN")}
SEQUENTIAL = {"torch.nn.Sequential", "torch.nn.modules.container.Sequential"}
HELPER = "RNNOutput"


def _helper_class(nn: str) -> str:
    return (f"class {HELPER}({nn}.Module):\n"
            f'    """Keeps the output tensor of an RNN\'s (output, state): nn.Sequential passes one value on."""\n\n'
            "    def forward(self, output_and_state):\n"
            "        return output_and_state[0]\n")


def _items(source: Source, layer: cst.Call) -> tuple[cst.CSTNode, list] | None:
    """The Sequential call or list literal the layer is an item of, and its items."""
    holder = source.parents.get(layer)
    container = holder and source.parents.get(holder)
    if isinstance(holder, cst.Arg) and isinstance(container, cst.Call) and source.calls(container, SEQUENTIAL):
        return container, list(container.args)
    if isinstance(holder, cst.Element) and isinstance(container, cst.List):
        return container, list(container.elements)
    return None


def _after_rnn(source: Source, layer: cst.Call) -> tuple[cst.CSTNode, cst.CSTNode] | None:
    """(container, the RNN item) when the layer is the item right after an RNN's construction."""
    found = _items(source, layer)
    if found is None:
        return None
    container, items = found
    index = next((i for i, item in enumerate(items) if item.value is layer), None)
    if not index or getattr(items[index - 1], "star", "") or getattr(items[index], "star", ""):
        return None
    previous = items[index - 1].value
    if isinstance(previous, cst.Call) and source.calls(previous, RNNS):
        return container, items[index - 1]
    return None


def _defines_helper(source: Source) -> bool:
    """The file defines our RNNOutput at module level (an earlier fix wrote it)."""
    return any(isinstance(s, cst.ClassDef) and s.name.value == HELPER and source.code(s.body) == source.code(
        cst.parse_statement(_helper_class(nn_spelling(source))).body) for s in source.module.body)


def _selector_inserted(source: Source, container: cst.CSTNode, rnn_item: cst.CSTNode) -> str:
    """The file with `RNNOutput()` after the RNN item, and the helper class after the imports."""
    selector = rnn_item.with_changes(value=cst.parse_expression(f"{HELPER}()"))
    kept = rnn_item
    after = rnn_item.comma.whitespace_after if isinstance(rnn_item.comma, cst.Comma) else None
    if isinstance(after, cst.ParenthesizedWhitespace):  # a comment after the RNN stays on its line
        selector = selector.with_changes(comma=rnn_item.comma.with_changes(
            whitespace_after=after.with_changes(first_line=cst.TrailingWhitespace())))
        kept = rnn_item.with_changes(comma=rnn_item.comma.with_changes(
            whitespace_after=after.with_changes(empty_lines=[])))
    if isinstance(container, cst.Call):
        items = [a for item in container.args for a in ((kept, selector) if item is rnn_item else (item,))]
        new_container = container.with_changes(args=items)
    else:
        items = [e for item in container.elements for e in ((kept, selector) if item is rnn_item else (item,))]
        new_container = container.with_changes(elements=items)
    module = cst.parse_module(source.replaced(container, new_container))
    if _defines_helper(source):
        return module.code  # a second RNN in this file: the class is there
    body = list(module.body)
    first_use = next(i for i, statement in enumerate(source.module.body) if source.within(container, statement))
    imports = [i for i, s in enumerate(body[:first_use]) if isinstance(s, cst.SimpleStatementLine)
               and any(isinstance(small, (cst.Import, cst.ImportFrom)) for small in s.body)]
    at = imports[-1] + 1 if imports else first_use
    helper = cst.parse_statement(_helper_class(nn_spelling(source)))
    blank = [cst.EmptyLine(), cst.EmptyLine()]
    body.insert(at, helper.with_changes(leading_lines=blank))
    following = body[at + 1]  # two blank lines after a class, as before one
    body[at + 1] = following.with_changes(leading_lines=[*blank[len(following.leading_lines):],
                                                         *following.leading_lines])
    return module.with_changes(body=body).code


class RnnInSequential(Rule):
    categories = ("module.tuple_output",)
    priority = 1  # after rnn_tuple_output, which reads the frames of a forward the project wrote

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        layer = diagnosis.module
        if layer is None or layer.site is None or len(diagnosis.modules) < 2 \
                or diagnosis.modules[-2].class_name != "Sequential":
            return
        source = Source.parse(workspace, layer.site.file)
        call = source and source.call_at(layer.site)
        found = call and _after_rnn(source, call)
        if not found or HELPER in source.text and not _defines_helper(source):
            return
        container, rnn_item = found
        reason = (f"Put {HELPER}() after {source.code(rnn_item.value)} in nn.Sequential: the RNN returns "
                  f"(output, state) and Sequential handed that tuple to the {layer.class_name}; "
                  f"{HELPER} passes on the output tensor")
        yield source.edit(_selector_inserted(source, container, rnn_item), source.line_of(rnn_item), reason)
