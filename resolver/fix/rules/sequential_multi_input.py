"""## What it does
Holds layers that take several inputs in an `nn.ModuleList` instead of an `nn.Sequential`, and
applies them one by one where the Sequential was called with those inputs: `self.layers(x, adj)`
becomes `for layer in self.layers: x = layer(x, adj)`, the first input carrying each layer's output
to the next and the others handed to every layer. The Sequential is rewritten where the probe saw
it built (`nn.Sequential()` filled by `add_module`, `nn.Sequential(a, b)`, `nn.Sequential(*layers)`).
Only when the call is the attribute's one call in its file, its first input is a local name that
nothing reads after the call (and, in a loop, one the loop binds again before it), and its
arguments are written out.

## Why is this bad?
`Sequential.forward() takes 2 positional arguments but 3 were given`: nn.Sequential passes one
value from item to item, so it cannot hand a graph layer both the features and the adjacency.

## Example
```python
self.gcn = nn.Sequential(GraphConv(d, h), GraphConv(h, h))
...
h = self.gcn(x, adj)
```

Use instead:
```python
self.gcn = nn.ModuleList([GraphConv(d, h), GraphConv(h, h)])
...
for layer in self.gcn:
    x = layer(x, adj)
h = x
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._module_list import as_module_list, called_once, free_name, held_in_list, sequential_built
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import own_nodes, parameter_names
from resolver.write.edits import Edit, Workspace

# statements whose body may not run on a round of the loop that holds them
BRANCHES = (cst.If, cst.Else, cst.Try, cst.TryStar, cst.ExceptHandler, cst.ExceptStarHandler,
            cst.For, cst.While, cst.Match)
TOO_MANY = re.compile(r"\bSequential\.forward\(\) takes 2 positional arguments but (\d+) were given")


def _carried_safely(source: Source, statement: cst.CSTNode, name: str) -> bool:
    """Rebinding `name` to the layers' output changes nothing else: no read of it after the statement
    in its function, none in the statement besides the call's, and inside a loop the loop binds
    it again before the statement, so the next round does not start from the output. In a function
    it is the function's own (a parameter or assigned there): binding a global or a closure's name
    would make it local, unbound where the call reads it."""
    scope = source.function_of(statement) or source.module
    bindings = [n for n in own_nodes(scope, cst.Name) if n.value == name and source.enclosing(n, cst.AssignTarget)]
    if scope is not source.module and name not in parameter_names(scope) and not bindings:
        return False
    reads = [n for n in own_nodes(scope, cst.Name) if n.value == name
             and source.enclosing(n, cst.AssignTarget) is None and not source.is_attribute_name(n)]
    end = source.positions[statement].end.line
    if any(source.line_of(n) > end for n in reads) or sum(source.within(n, statement) for n in reads) != 1:
        return False
    loop = source.loop_of(statement)
    if loop is None or source.function_of(loop) is not source.function_of(statement):
        return True
    bound = [n for n in own_nodes(loop, cst.Name) if n.value == name and source.enclosing(n, cst.AssignTarget)]
    return any(source.line_of(n) < source.line_of(statement) and _every_round(source, loop, n) for n in bound)


def _every_round(source: Source, loop: cst.CSTNode, node: cst.CSTNode) -> bool:
    """The node runs on every round of the loop: no branch or inner loop between them (a `with` is no branch)."""
    parent = source.parents.get(node)
    while parent is not None and parent is not loop:
        if isinstance(parent, BRANCHES):
            return False
        parent = source.parents.get(parent)
    return parent is loop


class SequentialMultiInput(Rule):
    categories = ("module.extra_inputs",)
    priority = 1  # after forward_inputs, which drops inputs a forward of the project's does not take

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        match = TOO_MANY.search(diagnosis.message)
        built = match and sequential_built(workspace, diagnosis.module)
        called = built and called_once(diagnosis, workspace, int(match[1]) - 1)
        if not called:
            return
        (home, construction), (source, call) = built, called
        first = call.args[0].value
        statement = source.enclosing(call, cst.SimpleStatementLine)
        new_construction = as_module_list(home, construction)
        layer = free_name(source, source.function_of(call) or source.module, "layer", "module")
        if not isinstance(first, cst.Name) or statement is None or new_construction is None or layer is None \
                or not _carried_safely(source, statement, first.value):
            return
        inputs = ", ".join(source.module.code_for_node(a.value) for a in call.args)
        loop = cst.parse_statement(f"for {layer} in {source.code(call.func)}:\n    {first.value} = {layer}({inputs})\n")
        applied = statement.deep_replace(call, cst.Name(first.value)).with_changes(leading_lines=())
        loop = loop.with_changes(leading_lines=statement.leading_lines)
        reason = (f"Held the layers of {source.code(call.func)} in an nn.ModuleList (built at {home.path.name}:"
                  f"{home.line_of(construction)}) and applied them one by one with ({inputs}): nn.Sequential "
                  f"passes one value from layer to layer, and these layers take {len(call.args)} inputs")
        yield held_in_list(home, construction, new_construction, source, statement,
                           cst.FlattenSentinel([loop, applied]), reason)
