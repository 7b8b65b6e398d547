"""## What it does
Brings class labels into 0..C-1 for C outputs, told apart by the labels the whole dataset holds
(the probe scans it): labels 1..C get `- 1` where they are made; labels 0..K (K >= C; beyond C
only when each sample holds one label, not a mask or a row of tags) make the one class-count
setting that says C (a config file, a constant, a default, a parameter's default, an argparse
default) K+1; binary masks saved as 8-bit images (the failing targets hold 0 and 255 alone) for
2 outputs compare with 127 in the cast the dataset already makes to class indices
(`mask.long()` -> `(mask > 127).long()`); anything else gets nothing. C is the logits' width,
else the class count every setting of the project states.

## Why is this bad?
`Target 9 is out of bounds`: cross entropy takes class indices below the number of outputs.

## Example
```python
self.labels = [int(row["grade"]) for row in rows]  # grades 1..5
```

Use instead:
```python
self.labels = [int(row["grade"]) - 1 for row in rows]
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._class_count import class_count_raised, config_class_counts, names_class_count, text_value
from resolver.fix.rules._loss import OUT_OF_BOUNDS, changed, first_frame_edits, logits_classes, loss_calls, loss_input
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import argument, last_name
from resolver.write.edits import Edit, Workspace

INDICES = ("long", "int", "int64", "int32")  # dtypes class indices are cast to


def _label_range(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    """A target index out of bounds: 1-based labels, or a head one class short, told apart by the
    labels the whole dataset holds."""
    loader = diagnosis.loader
    if loader is None or not loader.sample_ranges:
        return
    for call in loss_calls(source, frame.line):
        logits, target = argument(call, 0, "input"), argument(call, 1, "target")
        if target is None:
            continue
        chain = tracer.chain(source, target, frame)
        at = next((i for i, s in enumerate(chain) if s.role == "sample" and s.path), None)
        if at is None or at + 1 >= len(chain):
            continue  # not the loss's target (`logits.view(-1, self.num_labels)` takes two arguments too)
        low, high = loader.sample_ranges.get(str(chain[at].path[0]), (None, None))
        classes = logits_classes(diagnosis, frame, logits)
        if classes is None and high is not None:
            classes = _declared_class_count(tracer, diagnosis, high)
        if classes is None:
            continue
        if (low, high) == (1, classes):
            made = _made(chain[at + 1:])
            if made is None:
                return
            code = made.source.module.code_for_node(made.node)
            simple = isinstance(made.node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
            new = cst.parse_expression(f"{code if simple else f'({code})'} - 1")
            yield changed(made.source, made.node, new, f"where the labels are made: they run 1..{classes} over the "
                        f"dataset, the model's {classes} outputs take 0..{classes - 1}")
        elif (low, high) == (0, 255) and classes == 2 and _binary_bytes(diagnosis, frame, target) \
                and loader.byte_levels.get(str(chain[at].path[0])) == 2:  # {0, 1, 255}: 255 a border, 1 a class
            cast = next((s for s in chain[at + 1:] if _integer_cast(s.node)), None)
            if cast is None:
                return  # a comparison gives booleans: only a cast the code already makes keeps the indices' dtype
            value = cast.node.func.value
            code = cast.source.module.code_for_node(value.with_changes(lpar=[], rpar=[]))
            compared = cst.parse_expression(f"({code} > 127)")
            new = cast.node.with_changes(func=cast.node.func.with_changes(value=compared))
            yield changed(cast.source, cast.node, new, "where the masks are cast to class indices: they hold the "
                          "8-bit values 0 and 255, and the model's 2 outputs take the indices 0 and 1")
        elif low == 0 and (high == classes or high > classes and _one_label(loader, chain[at].path[0])):
            yield from class_count_raised(tracer, classes, high + 1)
        return


def _made(after: list):
    """The first label itself (not the list or tuple holding it) from where the dataset keeps it."""
    stored = next((i for i, s in enumerate(after) if s.role == "stored"), 0)
    return next((s for s in after[stored:] if not s.path), None)


def _integer_cast(node) -> bool:
    """`x.long()`, `x.int()`, `x.to(torch.long)`, `x.type(torch.int64)`, `x.astype(np.int64)`."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute):
        return False
    method = node.func.attr.value
    given = node.args[0].value if len(node.args) == 1 else None
    named = (last_name(given) or text_value(given)) if given is not None else ""
    return method in ("long", "int") and not node.args or method in ("to", "type", "astype") and named in INDICES


def _binary_bytes(diagnosis: Diagnosis, frame, target) -> bool:
    """The failing targets hold two values, 0 and 255: a binary mask saved as an 8-bit image."""
    fact = (frame.tensors.get(target.value) if isinstance(target, cst.Name) else None) or loss_input(diagnosis, 1)
    return fact is not None and (fact.min, fact.max, fact.unique) == (0, 255, 2)


def _one_label(loader, position) -> bool:
    """The sample holds one integer there, a class label (not a mask or a row of ids, whose
    largest value may be an ignore index such as 255)."""
    return loader.sample_sizes.get(str(position)) == 1


def _declared_class_count(tracer: Tracer, diagnosis: Diagnosis, high: int) -> int | None:
    """The class count when the logits' width is not at hand (`F.cross_entropy(model(x), y)`): `high`,
    when the failing target is the dataset's largest label and every class-count setting of the
    project says `high` (a head of `high` outputs, whose labels run to `high`)."""
    failing = OUT_OF_BOUNDS.search(diagnosis.message)
    if failing is None or int(failing[1]) != high:
        return None
    said = [node.evaluated_value for source in tracer.project_sources()
            for node in source.nodes(cst.Integer) if names_class_count(source, node)]
    if any(value != high for value in said):
        return None
    if said or config_class_counts(tracer, high, high, ""):
        return high
    return None


class LabelRange(Rule):
    categories = ("loss.target_out_of_bounds",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from first_frame_edits(diagnosis, workspace, _label_range)
