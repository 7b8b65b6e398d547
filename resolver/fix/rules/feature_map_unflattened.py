"""## What it does
Flattens a feature map before the Linear built for it: when a Linear gets `(N, d1, ..., dk)` and
`d1 x ... x dk` is its `in_features` (`(N, 64, 12, 12)` into `nn.Linear(9216, 128)`), the layer
was sized for the flattened map and the flatten was left out. Where the layer is called by name on
the failing line (`x = self.fc1(x)`), the name is flattened right before that statement
(`x = torch.flatten(x, 1)`, PyTorch's own MNIST example), or in the call's argument when the
function reads the map again afterwards. Where the Linear sits in an `nn.Sequential` after the
layers that make the map, an `nn.Flatten()` goes in just before it. Maps with only 1s after the
channels are pooled_features_unflattened's (a 1 x 1 map matches any width); a Sequential is not
edited when the project loads a state_dict (a new entry renumbers the layers after it), nor is a
Linear reached through a loop over a ModuleList (which layer is not sure).

## Why is this bad?
`mat1 and mat2 shapes cannot be multiplied (1536x12 and 9216x128)`: a Linear multiplies the last
dimension only, so a 64 x 12 x 12 map is read as 1536 rows of 12 features. The layer's width is
the map's size exactly: resizing the layer to 12 would train on rows of a map instead of images.

## Example
```python
def forward(self, x):
    x = F.max_pool2d(F.relu(self.conv2(x)), 2)
    x = self.dropout1(x)
    x = self.fc1(x)  # nn.Linear(9216, 128)
```

Use instead:
```python
def forward(self, x):
    x = F.max_pool2d(F.relu(self.conv2(x)), 2)
    x = self.dropout1(x)
    x = torch.flatten(x, 1)
    x = self.fc1(x)
```
"""

from __future__ import annotations

from math import prod
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import sources_mentioning
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames, wrap
from resolver.fix.rules._syntax import bound_names, read_names, self_attribute
from resolver.write.edits import Edit, Workspace


class FeatureMapUnflattened(Rule):
    categories = ("shape.linear_in_features",)
    priority = -2  # after unflattened_features (a flatten where the array is made comes first); before the width rules

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and _map_shape(diagnosis) is not None

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        shape, layer = _map_shape(diagnosis), diagnosis.module
        why = (f"it gets a map of {'x'.join(map(str, shape))} and multiplies its last dimension only; its "
               f"in_features ({layer.attributes['in_features']}) is the map's size, {' x '.join(map(str, shape[1:]))}")
        parts = layer.path.split(".")
        in_sequential = parts[-1].isdigit()
        if in_sequential and len(parts) == 1:  # the model is the Sequential: every caller gets the flatten
            yield from _in_sequential(diagnosis, workspace, why, first=True)
            return
        called = parts[-2] if in_sequential else parts[-1]
        for frame, source in user_frames(diagnosis, workspace):
            calls = [c for c in source.on_line(cst.Call, frame.line)
                     if self_attribute(c.func) == called and len(c.args) == 1 and c.args[0].keyword is None]
            if len(calls) == 1 and isinstance(calls[0].args[0].value, cst.Name):
                name = calls[0].args[0].value.value
                seen = frame.tensors.get(name)
                if seen is not None and tuple(seen.shape) == shape:  # what it passes is the map itself
                    edit = _flattened_before(source, calls[0], name, frame.line, layer.path, why)
                    if edit is not None:
                        yield edit
                    return
            elif len(calls) == 1 and not in_sequential:  # `self.fc(self.dropout(x))`: the argument is the map
                value = calls[0].args[0].value
                flat = cst.parse_expression(_flattened(source, source.code(value)))
                yield source.edit(source.replaced(value, flat), frame.line,
                                  f"Flattened the argument of {layer.path}: {why}")
                return
            break  # only the innermost frame calls the layer
        if in_sequential:  # the map is made inside the Sequential, by the layers before the Linear
            yield from _in_sequential(diagnosis, workspace, why, first=False)


def _map_shape(diagnosis: Diagnosis) -> tuple[int, ...] | None:
    """The Linear's input when its dimensions after the first multiply to in_features and are not all
    1 after the channels."""
    layer = diagnosis.module
    if layer is None or layer.class_name != "Linear" or not layer.inputs or layer.inputs[0] is None:
        return None
    shape = tuple(layer.inputs[0].shape)
    if len(shape) < 3 or prod(shape[1:]) != layer.attributes.get("in_features") or all(d == 1 for d in shape[2:]):
        return None
    return shape


def _flattened_before(source: Source, call: cst.Call, name: str, line: int, path: str, why: str) -> Edit | None:
    """`name = torch.flatten(name, 1)` before the failing statement, or `self.fc(torch.flatten(name, 1))`
    when the function reads the map after that statement before binding the name again."""
    statement = source.statement_at(line)
    function = source.function_of(call)
    if not isinstance(statement, cst.SimpleStatementLine) or function is None:
        return None
    flat = _flattened(source, name)
    end = source.positions[statement].end.line
    if _read_again(source, function, statement, name, end):
        new = source.replaced(call.args[0].value, cst.parse_expression(flat))
        where = "in its argument, as the map is read again after it"
    else:
        new = source.replaced(statement, cst.FlattenSentinel([cst.parse_statement(f"{name} = {flat}\n"), statement]))
        where = "before the call"
    return source.edit(new, line, f"Flattened {name} for {path} {where}: {why}")


def _flattened(source: Source, code: str) -> str:
    """`torch.flatten(code, 1)` where the file binds torch, else `code.flatten(1)` (no import added)."""
    torch = source.torch_binding
    return f"{torch}.flatten({code}, 1)" if torch else cst.Module([]).code_for_node(wrap(code, ".flatten(1)"))


def _read_again(source: Source, function: cst.FunctionDef, statement: cst.SimpleStatementLine, name: str,
                end: int) -> bool:
    """Whether the function reads the name after the failing statement before binding it again (the
    statement itself may bind it: `x = self.fc1(x)`)."""
    def binds(node: cst.CSTNode) -> bool:
        return isinstance(node, cst.Assign) and any(name in bound_names(t.target) for t in node.targets)

    if any(binds(small) for small in statement.body):
        return False
    reads = [source.line_of(n) for n in read_names(function) if n.value == name and source.line_of(n) > end
             and not isinstance(source.parents.get(n), cst.AssignTarget)]
    bound = [source.line_of(a) for a in source.nodes(cst.Assign, lambda a: source.within(a, function))
             if source.line_of(a) > end and binds(a)]
    return bool(reads) and (not bound or min(reads) <= min(bound))


def _in_sequential(diagnosis: Diagnosis, workspace: Workspace, why: str, first: bool) -> Iterator[Edit]:
    """`nn.Flatten()` inserted before the Linear in the `nn.Sequential(...)` call that builds it; as its
    first entry only when the model is that Sequential (`first`)."""
    site = diagnosis.module.site
    if site is None or site.variants != 1 or any(sources_mentioning(workspace, r"\.load_state_dict\(")):
        return  # built more than once, or loaded by key: a new entry renumbers the layers after it
    source = Source.parse(workspace, site.file)
    linear = source.call_at(site) if source is not None else None
    argument = source.parents.get(linear) if linear is not None else None
    sequential = source.parents.get(argument)
    if not isinstance(argument, cst.Arg) or argument.keyword is not None or argument.star \
            or not isinstance(sequential, cst.Call) or not source.calls(sequential, {"torch.nn.Sequential"}):
        return
    spelled = source.code(linear.func)
    position = list(sequential.args).index(argument)
    if not spelled.endswith("Linear") or position == 0 and not first:
        return  # the map comes from outside the Sequential: flattened where its caller passes it
    before = sequential.args[position - 1] if position else argument  # its comma lays out the next line
    comma = before.comma if before.comma != cst.MaybeSentinel.DEFAULT else cst.Comma(cst.SimpleWhitespace(""),
                                                                                     cst.SimpleWhitespace(" "))
    flatten = cst.Arg(cst.parse_expression(f"{spelled[:-len('Linear')]}Flatten()"), comma=comma)
    new_call = sequential.with_changes(args=[*sequential.args[:position], flatten, *sequential.args[position:]])
    yield source.edit(source.replaced(sequential, new_call), source.line_of(linear),
                      f"Added {spelled[:-len('Linear')]}Flatten() before the Linear {diagnosis.module.path} in its "
                      f"Sequential: {why}")
