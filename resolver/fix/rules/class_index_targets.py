"""## What it does
One-hot encodes class-index targets for a loss that compares element by element (BCE, BCE with
logits) when the model scores C classes: the targets become
`F.one_hot(y.squeeze(1).long(), scores.shape[-1]).to(scores.dtype)`, as wide as the scores are, so
the class count is read from the model, never written down. When the code reads the targets as
one-hot rows elsewhere (`y.argmax(1)`, also in a project function they are passed to) and nowhere
as indices, the encoded targets are bound to the same name before the loss, so those readers get
rows too (unless the project reads its data from files: then a file of indices where the code reads
rows is the user's to remake); otherwise only the loss's argument is encoded and the indices stay
for the code that compares them with predictions.

## Why is this bad?
`Using a target size (torch.Size([32, 1])) that is different to the input size (torch.Size([32, 7]))`:
the targets hold one class index per sample (whole numbers 0..C-1, the probe reads them), and BCE
wants one row of C zeros and ones per sample. 0/1 targets are taken for indices only when the code
compares them with something (predicted classes): else a head that is too wide is as likely. A
project that names a loss taking indices (CrossEntropyLoss, nll_loss: a setting or a branch chooses
between losses) gets nothing: which loss is meant is the user's call, as is a change of loss.

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
from resolver.fix.rules._loss import first_frame_edits, functional_spelling, index_targets, loss_calls, loss_input
from resolver.fix.rules._loss_choice import INTEGER, TARGET_KINDS
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call
from resolver.fix.rules._syntax import argument, bound_names, last_name
from resolver.fix.rules._updates import assigned
from resolver.write.edits import Edit, Workspace

ROW_READERS = ("argmax",)  # a reader of one-hot rows turns them back into indices
PREDICTED_CLASS = {"argmax", "max", "topk"}  # what the targets are compared with when they are indices
DATA_READERS = frozenset({"pickle.load", "numpy.load", "numpy.loadtxt", "numpy.genfromtxt", "pandas.read_csv",
                          "json.load", "h5py.File", "csv.reader", "csv.DictReader"})


def _index_losses(tracer: Tracer) -> bool:
    """Whether the project names a loss that takes class indices (CrossEntropyLoss, nll_loss, ...): a
    setting or a branch may choose it for these targets, and which loss is meant is the user's call."""
    return any(last_name(node) in TARGET_KINDS and TARGET_KINDS[last_name(node)] == INTEGER
               for source in tracer.project_sources() for node in source.nodes((cst.Name, cst.Attribute)))


def _one_hot(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    shapes = index_targets(diagnosis)
    if shapes is None or frame is not tracer.frames[-1] or _index_losses(tracer):
        return  # the loss is called in the innermost project frame; a project with a loss for indices chooses
    target, scores_shape, values = shapes
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
        read_as = _read_as(tracer, source, call, labels)
        if values[1] < 2 and read_as != "indices" or read_as == "indices" and len(target) == 2:
            return  # 0/1 never compared with predicted classes (a head too wide?); a column compared with them
        if _shared(tracer, source.function_of(call)):
            return  # a training loop that other entry points run with targets of their own
        why = (f": the targets hold class indices {values[0]}..{values[1]} "
               f"({list(target)}), and {source.code(call.func)} compares them element by element with "
               f"{scores_shape[1]} class scores ({list(scores_shape)})")
        statement = source.enclosing(call, cst.SimpleStatementLine)
        if read_as == "rows" and (statement is None or not isinstance(labels, cst.Name)
                                  or not _bound_in_loop(source, call, labels.value)):
            return  # the code reads the targets as rows elsewhere too: only a name each pass binds is bound anew
        if read_as == "rows" and _reads_data_files(tracer):
            return  # the readers say the data holds rows: a data file of indices is the user's to remake
        if read_as == "rows":
            added = cst.parse_statement(f"{named} = {encoded}\n")
            yield source.edit(source.replaced(statement, cst.FlattenSentinel([added, statement])),
                              source.line_of(call), f"One-hot encoded {named} before the loss, where the code "
                              f"also reads it as one-hot rows{why}", needs_torch)
            return
        yield source.edit(source.replaced(labels, cst.parse_expression(encoded)), source.line_of(call),
                          f"One-hot encoded {named} in {source.code(call.func)}(...){why}", needs_torch)
        return


def _shared(tracer: Tracer, function: cst.FunctionDef | None) -> bool:
    """Whether the function around the loss is called from more than one place in the project."""
    if function is None:
        return False
    name = function.name.value
    return sum(1 for source in tracer.project_sources() for call in source.nodes(cst.Call)
               if last_name(call.func) == name) > 1


def _bound_in_loop(source: Source, call: cst.Call, name: str) -> bool:
    """Whether each pass of the loop around the loss binds `name` afresh (a batch's targets), so that
    binding it again before the loss does not encode the encoded on the next pass."""
    loop = source.loop_of(call)
    if loop is None:
        return True
    return name in assigned([loop]) and not any(
        source.line_of(a) < source.line_of(loop) for a in source.nodes(cst.Name, lambda n: n.value == name)
        if source.function_of(a) is source.function_of(call) and isinstance(source.parents.get(a), cst.AssignTarget))


def _reads_data_files(tracer: Tracer) -> bool:
    """Whether the project reads arrays from data files (pickle, numpy, csv, json, h5py)."""
    return any(source.qualified_names(call.func) & DATA_READERS
               for source in tracer.project_sources() for call in source.nodes(cst.Call))


def _read_as(tracer: Tracer, source: Source, call: cst.Call, labels: cst.BaseExpression) -> str:
    """How the function around the loss reads the targets (`y`, `batch["labels"]`) elsewhere: "rows"
    (only through argmax, also inside a project function they are passed to), "indices" (compared
    with something), or ""."""
    function, code = source.function_of(call), source.code(labels)  # None: the script's top level
    return _verdict({_reader(tracer, source, use, depth=0)
                     for use in source.nodes(type(labels), lambda n: source.code(n) == code)
                     if source.function_of(use) is function and not source.within(use, call) and use is not labels})


def _verdict(kinds: set[str]) -> str:
    """Rows only when every reader that says anything reads rows; one reader of indices keeps them."""
    kinds.discard("")
    return "rows" if kinds == {"rows"} else "indices" if "indices" in kinds else ""


def _reader(tracer: Tracer, source: Source, use: cst.BaseExpression, depth: int) -> str:
    node = use
    while isinstance(parent := source.parents.get(node), (cst.Attribute, cst.Call)) \
            and not (isinstance(parent, cst.Call) and parent.func is not node):
        if isinstance(parent, cst.Attribute) and parent.attr.value in ROW_READERS:
            return "rows"
        node = parent
    parent = source.parents.get(node)
    if isinstance(parent, cst.Comparison):
        return _compared_with(source, parent.comparisons[0].comparator, use)
    if isinstance(parent, cst.ComparisonTarget):
        return _compared_with(source, source.parents[parent].left, use)
    if isinstance(parent, cst.Arg) and depth == 0:
        called = source.parents.get(parent)
        if isinstance(called, cst.Call) and method_call(called, *ROW_READERS):
            return "rows"
        if isinstance(called, cst.Call) and isinstance(called.func, cst.Name):
            return _parameter_read_as(tracer, called, parent)
    return ""


def _compared_with(source: Source, other: cst.BaseExpression, use: cst.CSTNode) -> str:
    """A comparison reads the targets as indices when its other side is a predicted class (`argmax`,
    `torch.max(...)`'s indices, `topk`, also through a name bound to one); as rows when it is a
    thresholded or rounded score; else it says nothing."""
    if isinstance(other, cst.Name):
        function = source.function_of(use)
        bound = [a.value for a in source.nodes(cst.Assign) if source.function_of(a) is function
                 and any(other.value in bound_names(t.target) for t in a.targets)]
        other = bound[-1] if len(bound) == 1 else other
    calls = [c for c in source.nodes(cst.Call, lambda n: n is other or source.within(n, other))]
    if any(last_name(c.func) in PREDICTED_CLASS for c in calls):
        return "indices"
    thresholded = bool(source.nodes(cst.Comparison, lambda n: n is other or source.within(n, other)))
    return "rows" if thresholded or any(last_name(c.func) == "round" for c in calls) else ""


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
            return _verdict({_reader(tracer, other, use, depth=1)
                             for use in other.nodes(cst.Name, lambda n: n.value == param.name.value)
                             if other.function_of(use) is function and use is not param.name})
    return ""


class ClassIndexTargets(Rule):
    categories = ("shape.broadcast",)
    priority = 4  # after head_narrower_than_targets: targets wider than the scores are not indices

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from first_frame_edits(diagnosis, workspace, _one_hot)
