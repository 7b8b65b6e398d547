"""## What it does
Flattens pooled features where the model's `forward` takes them: when a Linear built for F
features gets `(N, F, 1, 1)` (an average pool's output, features saved with their 1 x 1 map), the
name that holds that tensor in the outermost project `forward` on the traceback is flattened
right after it is bound (`img = img.flatten(1)`), so every layer it feeds gets `(N, F)`; when the
forward reads the name again after the Linear's call (`return self.fc(feat), feat`), it is flattened in
that call's argument instead, so the other uses keep their map. Only when
the input's trailing dimensions are all 1 and its second is the Linear's in_features, exactly one
name in that `forward` holds a tensor of that shape, and those ones are there by design: the project
makes them (an adaptive pool to 1, `AdaptiveAvgPool2d(1)` or `F.adaptive_max_pool1d(x, 1)`; a pool
over the whole map, `F.avg_pool2d(x, x.size()[2:])`; a `view`/`reshape` ending in as many literal
1s), or the tensor is the forward's input as the loader gave it (a parameter, or indexed out of one:
stored features keep their shape at any setting). A convolution's output whose length is 1 only at
this run's input size is not flattened.

## Why is this bad?
`mat1 and mat2 shapes cannot be multiplied (1024x1 and 512x512)`: a Linear multiplies the last
dimension, so `(N, 512, 1, 1)` is read as N x 512 x 1 rows of one feature. The layer's width is
right: resizing it would hide features that were never flattened.

## Example
```python
def forward(self, x):
    img, attrs = x[0], x[1]
    return self.embed(img)  # img: (N, 512, 1, 1)
```

Use instead:
```python
def forward(self, x):
    img, attrs = x[0], x[1]
    img = img.flatten(1)
    return self.embed(img)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, is_docstring, method_call, project_sources, user_frames
from resolver.fix.rules._syntax import own_nodes, parameter_names, target_paths
from resolver.write.edits import Edit, Workspace


class PooledFeaturesUnflattened(Rule):
    categories = ("shape.linear_in_features",)
    priority = -5  # before the width rules: the layer is right, its input kept the pool's 1 x 1 map

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and _pooled_shape(diagnosis) is not None

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        shape = _pooled_shape(diagnosis)
        pooled = any(_makes_trailing_ones(source, len(shape) - 2) for source in project_sources(workspace))
        forwards = [(f, s, s.function_of(s.statement_at(f.line))) for f, s in user_frames(diagnosis, workspace)]
        forwards = [(f, s, function) for f, s, function in forwards
                    if function is not None and function.name.value == "forward"]
        for frame, source, function in forwards[-1:]:  # the outermost: a shared block's forward takes other inputs
            names = [n for n, t in frame.tensors.items() if t.shape == shape]
            if len(names) != 1:
                return  # the tensor has no name here, or several hold that shape: not sure which
            name = names[0]
            flatten = cst.parse_statement(f"{name} = {name}.flatten(1)\n")
            bound = [s for s in own_nodes(function, cst.SimpleStatementLine) if source.line_of(s) < frame.line
                     and any(isinstance(a, cst.Assign) and any(target_paths(t.target, name) is not None
                                                               for t in a.targets) for a in s.body)]
            if not pooled and not _input_as_given(source, function, bound[-1] if bound else None):
                return  # ones seen at this input size only (a convolution's length): not pooled by design
            argument_of = _linear_argument(source, function, frame.line, name)
            if argument_of is not None:  # the 4-D tensor is used again (`return self.fc(feat), feat`): keep it
                new = source.replaced(argument_of, cst.parse_expression(f"{name}.flatten(1)"))
            elif bound:
                at = bound[-1]
                if source.enclosing(at, (cst.For, cst.While, cst.If, cst.With, cst.Try)) is not None:
                    return  # bound in a block: where the flattened name must go is not sure
                new = source.replaced(at, cst.FlattenSentinel([at, flatten]))
            elif name in parameter_names(function):
                body = list(function.body.body)
                skip = 1 if body and is_docstring(body[0]) else 0
                new_function = function.with_changes(body=function.body.with_changes(
                    body=body[:skip] + [flatten] + body[skip:]))
                new = source.replaced(function, new_function)
            else:
                return
            width = shape[1]
            where = "at the Linear's argument, its other uses keep the map" if argument_of is not None \
                else "where forward takes it"
            yield source.edit(new, frame.line, f"Flattened {name} to (batch, {width}) {where}: it "
                              f"arrives as {'x'.join(map(str, shape))}, pooled features that kept their 1 x 1 map, "
                              f"and a Linear multiplies the last dimension only")


def _pooled_shape(diagnosis: Diagnosis) -> tuple[int, ...] | None:
    """The Linear's input when it is (N, in_features, 1, ..., 1)."""
    layer = diagnosis.module
    if layer is None or layer.class_name != "Linear" or not layer.inputs or layer.inputs[0] is None:
        return None
    shape = layer.inputs[0].shape
    if len(shape) < 3 or shape[1] != layer.attributes.get("in_features") or any(d != 1 for d in shape[2:]):
        return None
    return tuple(shape)


def _ones(node: cst.BaseExpression, count: int) -> bool:
    """`1`, or a tuple/list of `count` 1s (an output size)."""
    if isinstance(node, (cst.Tuple, cst.List)):
        return len(node.elements) == count and all(_ones(e.value, 1) for e in node.elements)
    return isinstance(node, cst.Integer) and node.value == "1"


def _makes_trailing_ones(source: Source, count: int) -> bool:
    """Whether the file makes `count` trailing dimensions of size 1 by design: an adaptive pool to 1 of
    that many dimensions, a pool whose kernel is the whole map (`x.size()[2:]`), a view or reshape
    whose last `count` sizes are literal 1s."""
    modules = {f"torch.nn.Adaptive{kind}Pool{count}d" for kind in ("Avg", "Max")}
    functions = {f"torch.nn.functional.adaptive_{kind}_pool{count}d" for kind in ("avg", "max")}
    pooling = {f"torch.nn.functional.{kind}_pool{count}d" for kind in ("avg", "max")}
    for call in source.nodes(cst.Call):
        if source.calls(call, modules | functions):
            size = argument(call, 0 if source.calls(call, modules) else 1, "output_size")
            if size is not None and _ones(size.value, count):
                return True
        elif source.calls(call, pooling):
            kernel = argument(call, 1, "kernel_size")
            if kernel is not None and any(k in source.code(kernel.value) for k in ("size()[2:]", "shape[2:]")):
                return True
        elif method_call(call, "view", "reshape") and len(call.args) > count:
            if all(_ones(a.value, 1) and a.keyword is None for a in call.args[-count:]):
                return True
    return False


def _input_as_given(source: Source, function: cst.FunctionDef, bound: cst.SimpleStatementLine | None) -> bool:
    """The name is the forward's parameter, or its last binding only indexes or unpacks parameters
    (`img, attrs = x[0], x[1]`): no layer made its shape."""
    if bound is None:
        return True  # a parameter (the caller checks that it is one)
    values = [a.value for a in bound.body if isinstance(a, cst.Assign)]
    parameters = set(parameter_names(function))
    return len(values) == 1 and not source.nodes(cst.Call, lambda c: source.within(c, values[0]) or c is values[0]) \
        and any(n.value in parameters for n in source.nodes(cst.Name, lambda n: source.within(n, values[0])
                                                            or n is values[0]))


def _linear_argument(source: Source, function: cst.FunctionDef, line: int, name: str) -> cst.Name | None:
    """The name as the only argument of a call on the failing line, when the function reads the name at
    or after that line other than as a layer's only argument (returned, compared): flattening it in the
    call leaves those uses their map. Other layers fed the name want it flat too (a rebinding serves them)."""
    def alone_in_layer(n: cst.Name) -> bool:
        arg = source.parents.get(n)
        call = source.parents.get(arg)
        return isinstance(arg, cst.Arg) and isinstance(call, cst.Call) and len(call.args) == 1 \
            and isinstance(call.func, cst.Attribute) and source.code(call.func.value) == "self"

    def same_flat(n: cst.Name) -> bool:  # what it reads does not change with a flatten(1)
        up = source.parents.get(n)
        return isinstance(up, cst.Attribute) and up.attr.value in ("device", "dtype") \
            or source.code(source.parents.get(up, up)) in (f"{name}.size(0)", f"{name}.shape[0]", f"len({name})")

    raw = [n for n in source.nodes(cst.Name, lambda n: n.value == name and source.within(n, function))
           if source.line_of(n) >= line and not source.is_attribute_name(n) and not alone_in_layer(n)
           and not same_flat(n)]
    passed = [c.args[0].value for c in source.on_line(cst.Call, line)
              if len(c.args) == 1 and isinstance(c.args[0].value, cst.Name) and c.args[0].value.value == name]
    return passed[0] if len(passed) == 1 and raw else None
