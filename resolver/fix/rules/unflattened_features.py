"""## What it does
Flattens an array where the function that makes it returns it, when a Linear receives it with
its width spread over the trailing dimensions: `return obs` -> `return obs.reshape(self.n_agents,
-1)` (the leading size as the array's factory states it), or `return grid.reshape(-1)` for one
sample. It fires only when the product of the input's trailing dimensions is the Linear's
in_features (`(1, 5, 5)` into `Linear(25)`), and the trail from a failing line (see _origin.py)
ends at a function's `return` of a name made by a factory with a literal shape
(`np.zeros((n, 5, 5))`, `torch.empty(rows, cols)`) that has exactly those trailing dimensions,
plus at most one leading one.

## Why is this bad?
`mat1 and mat2 shapes cannot be multiplied (5x5 and 25x128)`: a Linear multiplies the last
dimension only, so a 5 x 5 observation is read as five samples of five features. The layer's
width (n_s = 5 x 5) is right; resizing it would hide the unflattened data.

## Example
```python
def _obs(self):
    obs = np.zeros((self.n_agents, 5, 5), dtype=np.float32)
    ...
    return obs
```

Use instead:
```python
def _obs(self):
    obs = np.zeros((self.n_agents, 5, 5), dtype=np.float32)
    ...
    return obs.reshape(self.n_agents, -1)
```
"""

from __future__ import annotations

from math import prod
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._origin import Step, Tracer
from resolver.fix.rules._project import sources_mentioning
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import user_frames
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Edit, Workspace

FACTORIES = frozenset({"zeros", "ones", "empty", "full"})


class UnflattenedFeatures(Rule):
    categories = ("shape.linear_in_features",)
    priority = -3  # before the width rules: the layer is right, the array it reads was not flattened

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and _spread(diagnosis) > 1

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        trailing = _spread(diagnosis)
        tracer = Tracer(diagnosis, workspace)
        for frame, source in user_frames(diagnosis, workspace):
            for call in source.on_line(cst.Call, frame.line):
                for arg in call.args:
                    edit = _flattened_at_return(tracer.chain(source, arg.value, frame), trailing, workspace)
                    if edit is not None:
                        yield edit
                        return


def _spread(diagnosis: Diagnosis) -> int:
    """How many trailing dimensions of the Linear's input multiply to its in_features (0: none, or only the last)."""
    layer = diagnosis.module
    if layer is None or layer.class_name != "Linear" or not layer.inputs or layer.inputs[0] is None:
        return 0
    shape, width = layer.inputs[0].shape, layer.attributes.get("in_features")
    return next((k for k in range(2, len(shape)) if prod(shape[-k:]) == width), 0)


def _flattened_at_return(chain: list[Step], trailing: int, workspace: Workspace) -> Edit | None:
    # the name a function returns, alone or as an element of the sample a Dataset returns
    returned = next((i for i, s in enumerate(chain[:-1]) if isinstance(s.node, cst.Name)
                     and (s.role in ("returned", "sample") or i and chain[i - 1].role == "sample")), None)
    if returned is None:
        return None
    made = chain[returned + 1]
    sizes = _literal_shape(made.node)
    if sizes is None or len(sizes) not in (trailing, trailing + 1):
        return None
    step = chain[returned]
    source = step.source
    if step.role == "returned" and not _callers_feed_model(workspace, chain, source.function_of(step.node)):
        return None
    name = source.code(step.node)
    leading = f"{source.code(sizes[0])}, -1" if len(sizes) == trailing + 1 else "-1"
    new = cst.parse_expression(f"{name}.reshape({leading})")
    reason = (f"Changed return {name} to return {source.code(new)}: the Linear takes its features as one flat "
              f"dimension, and {name} spreads them over its last {trailing} dimensions")
    return source.edit(source.replaced(step.node, new), source.line_of(step.node), reason)


def _callers_feed_model(workspace: Workspace, chain: list[Step], function: cst.FunctionDef | None) -> bool:
    """Whether every call of the function hands its result on toward the model: returned, or on the
    traced path itself; `grid = self.observe()` in a render() that indexes the grid would break."""
    if function is None:
        return False
    name = function.name.value
    calls = [(s, c) for s in sources_mentioning(workspace, rf"\b{name}\s*\(")
             for c in s.nodes(cst.Call, lambda c: last_name(c.func) == name)]
    return len(calls) == 1 or all(_returned(s, c) or any(
        step.source.path == s.path and (step.node is c or s.within(c, step.node)) for step in chain) for s, c in calls)


def _returned(source, call: cst.Call) -> bool:
    parent = source.parents.get(call)
    if isinstance(parent, cst.Element):
        parent = source.parents.get(source.parents.get(parent))
    return isinstance(parent, cst.Return)


def _literal_shape(node: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The sizes of `np.zeros((a, b, c), ...)` or `torch.zeros(a, b, c)`, as written."""
    if not isinstance(node, cst.Call) or last_name(node.func) not in FACTORIES or not node.args:
        return None
    first = node.args[0].value
    if isinstance(first, (cst.Tuple, cst.List)):
        return [e.value for e in first.elements if not isinstance(e, cst.StarredElement)] \
            if not any(isinstance(e, cst.StarredElement) for e in first.elements) else None
    positional = [a.value for a in node.args if a.keyword is None and not a.star]
    sizes = (cst.Integer, cst.Name, cst.Attribute, cst.BinaryOperation)
    return positional if last_name(node.func) != "full" and all(isinstance(v, sizes) for v in positional) else None
