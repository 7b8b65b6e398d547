"""## What it does
Makes a global pooling written as a fixed kernel global for any input size: `F.avg_pool2d(x, 8)`
-> `F.adaptive_avg_pool2d(x, 1)` (`max_pool2d` -> `adaptive_max_pool2d`; a layer built as
`nn.AvgPool2d(7)` -> `nn.AdaptiveAvgPool2d(1)`, `nn.MaxPool2d` -> `nn.AdaptiveMaxPool2d`). It fires
only when the pooled map is flattened next in `forward` (`view`, `reshape`, `flatten`, directly or
through the name it was bound to), the kernel is an integer literal, the width the code states
for the flattened map is not a product (`view(-1, self.channels)`, `nn.Linear(64, n)`: one value
per channel, not `64 * 2 * 2`), and the run shows a whole number (2 or more) of rows or features
per expected one: the positions the kernel left over.

## Why is this bad?
`Expected input batch_size (128) to match target batch_size (32)`, `mat1 and mat2 shapes cannot
be multiplied (32x256 and 64x10)`: the kernel equals the last feature map's size for the images
the network was written for (8 for 32x32 CIFAR); larger images leave a 2x2 map, whose positions
a `view(-1, C)` folds into the batch or a flatten into the features. Changing the Linear or the
flatten hides it: the head was meant to read one pooled value per channel.

## Example
```python
out = F.avg_pool2d(out, 8)
out = out.view(-1, self.channels)
```

Use instead:
```python
out = F.adaptive_avg_pool2d(out, 1)
out = out.view(-1, self.channels)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import methods
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, method_call
from resolver.fix.rules._syntax import attribute_targets, last_name, latest_binding, own_nodes
from resolver.fix.rules.batch_size_mismatch import ROWS, _built_as, _candidate_files, _flattens_batch
from resolver.write.edits import Edit, Workspace

ADAPTIVE = {"avg_pool2d": "adaptive_avg_pool2d", "max_pool2d": "adaptive_max_pool2d",
            "AvgPool2d": "AdaptiveAvgPool2d", "MaxPool2d": "AdaptiveMaxPool2d"}
# the layers whose argument states a map's channel count: (position, keyword)
CHANNELS = {"Conv2d": (1, "out_channels"), "BatchNorm2d": (0, "num_features")}


class FixedGlobalPool(Rule):
    categories = ("shape.batch_size", "shape.linear_in_features")
    priority = -6  # before the flatten and in_features rules: the pool is where the extra positions are made

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and _leftover(diagnosis) > 1

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for path in _candidate_files(diagnosis, workspace):
            source = Source.parse(workspace, path)
            if source is None:
                continue
            for klass in source.nodes(cst.ClassDef, lambda c: "forward" in methods(c)):
                forward, channels = methods(klass)["forward"], _channel_counts(source, klass)
                for flatten, width in _flattens(source, klass, forward, diagnosis):
                    if not _stated(source, klass, width) & channels:
                        continue  # the head reads several positions per channel, or its width is not readable
                    edit = _made_global(source, forward, flatten)
                    if edit is not None:
                        yield edit
                        return


def _leftover(diagnosis: Diagnosis) -> int:
    """How many rows (a folded batch) or features (a flatten) the run gave per expected one; 0 when not whole."""
    if diagnosis.category == "shape.batch_size":
        rows = ROWS.search(diagnosis.message)
        if rows is None or not rows[3]:
            return 0
        predicted, targets = int(rows[3]), int(rows[4])
    else:
        layer = diagnosis.module
        if layer is None or layer.class_name != "Linear" or not layer.inputs or layer.inputs[0] is None \
                or diagnosis.batch_folded:
            return 0
        predicted, targets = layer.inputs[0].shape[-1], layer.attributes.get("in_features") or 0
    return predicted // targets if targets and predicted % targets == 0 else 0


def _flattens(source: Source, klass: cst.ClassDef, forward: cst.FunctionDef,
              diagnosis: Diagnosis) -> Iterator[tuple[cst.Call, cst.BaseExpression]]:
    """The calls that flatten a map in `forward`, each with the width the code states for it: a
    folded batch's `view(-1, N)` states N; a flatten that keeps the batch, the failing Linear's
    in_features, when the class builds it."""
    calls = [c for c in source.nodes(cst.Call) if source.within(c, forward)]
    if diagnosis.category == "shape.batch_size":
        yield from ((c, c.args[1].value) for c in calls if _flattens_batch(c))
        return
    site = diagnosis.module.site
    linear = source.call_at(site) if site is not None and site.file.resolve() == source.path.resolve() else None
    if linear is None or not linear.args or not source.within(linear, klass):
        return
    yield from ((c, linear.args[0].value) for c in calls
                if method_call(c, "view", "reshape", "flatten") or source.calls(c, {"torch.flatten"}))


def _channel_counts(source: Source, klass: cst.ClassDef) -> set[str]:
    """The class's channel counts as written: each Conv2d's out_channels, each BatchNorm2d's num_features."""
    counts = set()
    for call in source.nodes(cst.Call, lambda c: source.within(c, klass)):
        name = last_name(call.func)
        if name in CHANNELS:
            found = argument(call, *CHANNELS[name])
            if found is not None:
                counts.add(source.code(found.value))
    return counts


def _stated(source: Source, klass: cst.ClassDef, width: cst.BaseExpression) -> set[str]:
    """The width as written, and through `self.attr` the values the class assigns to it."""
    texts = {source.code(width)}
    if isinstance(width, cst.Attribute) and isinstance(width.value, cst.Name) and width.value.value == "self":
        for method in methods(klass).values():
            for node in own_nodes(method, cst.Assign):
                if any(not path for t in node.targets for path, _ in attribute_targets(t.target, width.attr.value)):
                    texts.add(source.code(node.value))
    return texts


def _made_global(source: Source, function: cst.FunctionDef, flatten: cst.Call) -> Edit | None:
    receiver = flatten.func.value if not source.calls(flatten, {"torch.flatten"}) else flatten.args[0].value
    if isinstance(receiver, cst.Name):
        binding = latest_binding(source, function, receiver.value, source.line_of(flatten))
        receiver = binding[0] if binding is not None and not binding[1] and binding[2] is None else None
    if not isinstance(receiver, cst.Call) or _looped(source, function, receiver):
        return None  # a pool applied per stage in a loop halves every stage: it is not the global one
    name = last_name(receiver.func)
    if name in ("avg_pool2d", "max_pool2d") and _literal_kernel(receiver, 2):
        return _swapped(source, receiver, receiver.args[0].value, name)
    klass = source.enclosing(function, cst.ClassDef)
    func = receiver.func
    if klass is None or not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)
                             and func.value.value == "self"):
        return None
    uses = source.nodes(cst.Call, lambda c: source.within(c, function) and source.code(c.func) == source.code(func))
    if len(list(uses)) != 1:
        return None  # one layer pooling after several stages: made global, every stage would collapse to 1x1
    built = _built_as(source, klass, func.attr.value)
    if built is None or last_name(built.func) not in ("AvgPool2d", "MaxPool2d") or not _literal_kernel(built, 1):
        return None
    return _swapped(source, built, None, last_name(built.func))


def _looped(source: Source, function: cst.FunctionDef, node: cst.CSTNode) -> bool:
    loop = source.loop_of(node)
    return loop is not None and source.within(loop, function)


def _literal_kernel(call: cst.Call, count: int) -> bool:
    """Exactly `count` positional arguments (the map, then the kernel, or the kernel alone), the kernel an integer."""
    return len(call.args) == count and all(a.keyword is None and not a.star for a in call.args) \
        and isinstance(call.args[-1].value, cst.Integer)


def _swapped(source: Source, pool: cst.Call, tensor: cst.BaseExpression | None, name: str) -> Edit | None:
    if not isinstance(pool.func, cst.Attribute):
        return None  # `from torch.nn.functional import avg_pool2d`: the adaptive one is not imported
    arguments = f"{source.code(tensor)}, 1" if tensor is not None else "1"
    new = cst.parse_expression(f"{source.code(pool.func.value)}.{ADAPTIVE[name]}({arguments})")
    reason = (f"Changed {source.code(pool)} to {source.code(new)}: the kernel is the last feature map's size for "
              "one image size only; on other images it leaves several positions, which the flatten after it "
              "folds into the batch or the features, where the head reads one pooled value per channel")
    return source.edit(source.replaced(pool, new), source.line_of(pool), reason)
