"""## What it does
Gives the model the batch it was handed instead of the configured batch size: where the loss finds
the model's output with as many rows as the DataLoader's `batch_size` setting and the targets with
fewer, and the call that made the output passes that very setting (`my_model(features, grid,
train_batch_size)`, the name or expression written as the loader's `batch_size=`, or the same key
read through another owner: `cfg["batch_size"]` at the loader, `self.cfg["batch_size"]` in the
trainer), the argument becomes the targets' rows (`point_label_tensor.shape[0]`). Only when the
targets are a name bound before that call in the same loop pass (or the loop's own target), and the
setting is passed exactly once on that call.

## Why is this bad?
`Expected input batch_size (6) to match target batch_size (2)`: a loader gives a short last batch
when the dataset's size is not a multiple of the batch size (and an evaluation loader or a smoke
run gives other sizes), so a model told the configured size builds its output for rows that are
not there. The rows of the batch in hand are the size the model must build for.

## Example
```python
loader = DataLoader(dataset, batch_size=train_batch_size, collate_fn=collate_bev)
for labels, grid, features in loader:
    outputs = model(features, grid, train_batch_size)
    loss = loss_func(outputs, labels)
```

Use instead:
```python
for labels, grid, features in loader:
    outputs = model(features, grid, labels.shape[0])
    loss = loss_func(outputs, labels)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, user_frames
from resolver.fix.rules._syntax import latest_binding
from resolver.write.edits import Edit, Workspace

# the output's rows, then the targets': a class-index loss's check, or an elementwise loss broadcasting them
BATCHES = re.compile(r"Expected input batch_size \((\d+)\) to match target batch_size \((\d+)\)"
                     r"|The size of tensor a \((\d+)\) must match the size of tensor b \((\d+)\) at non-singleton "
                     r"dimension 0")


class BatchSizeArgument(Rule):
    categories = ("shape.batch_size", "shape.broadcast")
    priority = -3  # before the flatten rules: the model was told the batch, nothing folded it

    def matches(self, diagnosis: Diagnosis) -> bool:
        rows = _rows(diagnosis)
        return super().matches(diagnosis) and rows is not None and diagnosis.loader is not None \
            and rows[0] == diagnosis.loader.batch_size and rows[1] < rows[0]

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        rows = _rows(diagnosis)[1]
        site = diagnosis.loader.site
        built = Source.parse(workspace, site.file) if site is not None else None
        loader_call = built.call_at(site) if built is not None else None
        setting = argument(loader_call, 1, "batch_size") if loader_call is not None else None
        if setting is None:
            return
        setting_code = built.code(setting.value)
        for frame, source in user_frames(diagnosis, workspace):
            losses = [c for c in source.on_line(cst.Call, frame.line) if len(c.args) >= 2
                      and all(isinstance(a.value, cst.Name) and a.keyword is None for a in c.args[:2])]
            if len(losses) != 1:
                return  # the innermost frame of the project is not a loss of the output and the targets
            output, target = (a.value.value for a in losses[0].args[:2])
            seen = frame.tensors.get(target)
            if seen is None or not seen.shape or seen.shape[0] != rows:
                return
            made = _made_by_call(source, losses[0], output)
            if made is None:
                return
            passed = [a for a in made.args if source.code(a.value) == setting_code
                      or "batch" in (_key(a.value) or "") and _key(a.value) == _key(setting.value)]
            if len(passed) != 1 or not _bound_before(source, target, made):
                return
            new = source.replaced(passed[0].value, cst.parse_expression(f"{target}.shape[0]"))
            yield source.edit(new, source.line_of(made),
                              f"Passed {target}.shape[0] instead of {setting_code}: the loader's batch_size setting "
                              f"told the model to build {diagnosis.loader.batch_size} rows, and the batch in hand has "
                              f"{rows} (a short last batch, another loader, a smoke run)")
            return


def _rows(diagnosis: Diagnosis) -> tuple[int, int] | None:
    """(the output's rows, the targets' rows) as the loss's message states them."""
    found = BATCHES.search(diagnosis.message)
    return None if found is None else tuple(int(n) for n in found.groups() if n is not None)


def _made_by_call(source: Source, loss: cst.Call, output: str) -> cst.Call | None:
    """The call whose result the loss's first argument was last bound to, in the same function."""
    binding = latest_binding(source, source.function_of(loss), output, source.line_of(loss))
    if binding is None:
        return None
    value, inner, loop = binding
    return value if isinstance(value, cst.Call) and not inner and loop is None else None


def _bound_before(source: Source, name: str, call: cst.Call) -> bool:
    """Whether the name holds this pass's value at the call: bound before it in its loop, or the loop's target."""
    binding = latest_binding(source, source.function_of(call), name, source.line_of(call))
    return binding is not None and (binding[2] is not None or source.loop_of(call) is not None
                                    and source.within(binding[0], source.loop_of(call)))


def _key(value: cst.BaseExpression) -> str | None:
    """The setting's own name where a config holds it: `batch_size` of `batch_size`, `args.batch_size`,
    `self.cfg["batch_size"]` or `cfg.train.batch_size`, so two owners of one config read the same key."""
    if isinstance(value, (cst.Name, cst.Attribute)):
        return value.value if isinstance(value, cst.Name) else value.attr.value
    if isinstance(value, cst.Subscript) and len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index):
        key = value.slice[0].slice.value
        return key.evaluated_value if isinstance(key, cst.SimpleString) else None
    return None
