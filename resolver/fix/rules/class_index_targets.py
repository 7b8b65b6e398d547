"""## What it does
One-hot encodes class-index targets for a loss that compares element by element (BCE, BCE with
logits) when the model scores C classes: the targets become
`F.one_hot(y.squeeze(1).long(), scores.shape[-1]).to(scores.dtype)`, as wide as the scores are, so
the class count is read from the model, never written down. When the code reads the targets as
one-hot rows elsewhere (`y.argmax(1)`, also in a project function they are passed to) and nowhere
as indices, the encoded targets are bound to the same name before the loss, so those readers get
rows too; otherwise only the loss's argument is encoded and the indices stay for the code that
compares them with predictions.

## Why is this bad?
`Using a target size (torch.Size([32, 1])) that is different to the input size (torch.Size([32, 7]))`:
the targets hold one class index per sample (whole numbers 0..C-1, the probe reads them), and BCE
wants one row of C zeros and ones per sample. Only targets whose values run past 1 are taken for
indices: 0/1 targets against several outputs may as well mean a head that is too wide, which is a
modelling choice this rule leaves alone, as it does a change of loss.

## Example
```python
out = model(pts)
loss = criterion(out, labels)  # labels (N, 1) of class indices, out (N, 7) after a sigmoid
```

Use instead:
```python
out = model(pts)
loss = criterion(out, F.one_hot(labels.squeeze(1).long(), out.shape[-1]).to(out.dtype))
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import (
    first_frame_edits,
    functional_spelling,
    loss_calls,
    loss_input,
    target_and_input_sizes,
)
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call
from resolver.fix.rules._syntax import argument
from resolver.write.edits import Edit, Workspace

ROW_READERS = ("argmax",)  # a reader of one-hot rows turns them back into indices


def _index_targets(diagnosis: Diagnosis) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """(target, scores) shapes when the loss's targets are class indices of the scores' classes."""
    sizes = target_and_input_sizes(diagnosis.message)
    if sizes is None:
        return None
    target, scores = sizes
    if len(scores) != 2 or target not in ((scores[0],), (scores[0], 1)):
        return None
    fact = loss_input(diagnosis, 1)
    values = fact and (fact.whole_values or (fact.min is not None and (fact.min, fact.max, fact.unique)) or None)
    if values is None or values[0] < 0 or not 2 <= values[1] < scores[1]:
        return None  # 0/1 targets against several outputs: a head too wide is as likely
    return target, scores


def _one_hot(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    shapes = _index_targets(diagnosis)
    if shapes is None:
        return
    target, scores_shape = shapes
    if frame is not tracer.frames[-1]:
        return  # the loss is called in the innermost frame of the project
    fact = loss_input(diagnosis, 1)
    for call in loss_calls(source, frame.line):
        scores, labels = argument(call, 0, "input"), argument(call, 1, "target")
        if scores is None or labels is None:
            continue
        if not isinstance(scores, (cst.Name, cst.Attribute)):
            return  # the width is read from the scores, which must be a name to read it twice
        functional, needs_torch = functional_spelling(source)
        named, width = source.code(labels), source.code(scores)
        encoded = (f"{functional}.one_hot({named}{'.squeeze(1)' if len(target) == 2 else ''}"
                   f"{'.long()' if fact.dtype.startswith(('float', 'bfloat', 'half')) else ''}, "
                   f"{width}.shape[-1]).to({width}.dtype)")
        values = fact.whole_values or (fact.min, fact.max)
        why = (f": the targets hold class indices {values[0]}..{values[1]} "
               f"({list(target)}), and {source.code(call.func)} compares them element by element with "
               f"{scores_shape[1]} class scores ({list(scores_shape)})")
        statement = source.enclosing(call, cst.SimpleStatementLine)
        if isinstance(labels, cst.Name) and statement is not None \
                and _read_as(tracer, source, call, labels.value) == "rows":
            added = cst.parse_statement(f"{named} = {encoded}\n")
            yield source.edit(source.replaced(statement, cst.FlattenSentinel([added, statement])),
                              source.line_of(call), f"One-hot encoded {named} before the loss, where the code "
                              f"also reads it as one-hot rows{why}", needs_torch)
            return
        yield source.edit(source.replaced(labels, cst.parse_expression(encoded)), source.line_of(call),
                          f"One-hot encoded {named} in {source.code(call.func)}(...){why}", needs_torch)
        return


def _read_as(tracer: Tracer, source: Source, call: cst.Call, name: str) -> str:
    """How the function around the loss reads `name` elsewhere: "rows" (only through argmax, also
    inside a project function it is passed to), "indices" (compared with something), or ""."""
    function = source.function_of(call)  # None: the script's top level
    return _verdict({_reader(tracer, source, use, name, depth=0)
                     for use in source.nodes(cst.Name, lambda n: n.value == name)
                     if source.function_of(use) is function and not source.within(use, call)})


def _verdict(kinds: set[str]) -> str:
    """Rows only when every reader that says anything reads rows; one reader of indices keeps them."""
    kinds.discard("")
    return "rows" if kinds == {"rows"} else "indices" if "indices" in kinds else ""


def _reader(tracer: Tracer, source: Source, use: cst.Name, name: str, depth: int) -> str:
    node = use
    while isinstance(parent := source.parents.get(node), (cst.Attribute, cst.Call)) \
            and not (isinstance(parent, cst.Call) and parent.func is not node):
        if isinstance(parent, cst.Attribute) and parent.attr.value in ROW_READERS:
            return "rows"
        node = parent
    parent = source.parents.get(node)
    if isinstance(parent, cst.Comparison) or isinstance(parent, cst.ComparisonTarget):
        return "indices"
    if isinstance(parent, cst.Arg) and depth == 0:
        called = source.parents.get(parent)
        if isinstance(called, cst.Call) and method_call(called, *ROW_READERS):
            return "rows"
        if isinstance(called, cst.Call) and isinstance(called.func, cst.Name):
            return _parameter_read_as(tracer, called, parent)
    return ""


def _parameter_read_as(tracer: Tracer, called: cst.Call, arg: cst.Arg) -> str:
    """How the project function `called` reads the parameter `arg` binds."""
    position = [a for a in called.args if a.keyword is None].index(arg) if arg.keyword is None else None
    for other in tracer.project_sources():
        for function in other.nodes(cst.FunctionDef, lambda f: f.name.value == called.func.value):
            params = list(function.params.params)
            param = (params[position] if position is not None and position < len(params)
                     else next((p for p in params if arg.keyword is not None and p.name.value == arg.keyword.value),
                               None))
            if param is None:
                return ""
            return _verdict({_reader(tracer, other, use, param.name.value, depth=1)
                             for use in other.nodes(cst.Name, lambda n: n.value == param.name.value)
                             if other.function_of(use) is function and use is not param.name})
    return ""


class ClassIndexTargets(Rule):
    categories = ("shape.broadcast",)
    priority = 4  # after head_narrower_than_targets: targets wider than the scores are not indices

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from first_frame_edits(diagnosis, workspace, _one_hot)
