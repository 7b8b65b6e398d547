"""A layer that runs in the forward but gets no gradient is cut off the loss in that forward.

## What it does
Where a run's layers ran in the training forward yet got no gradient in any step (the probe
records which modules ran and which parameters got one), the `forward` of the model class that
holds such a layer is read for the one place that cuts the graph on the way from that layer: a
`.detach()` or `.data` on an expression fed by it (directly, or through a name assigned from
it), or a `with torch.no_grad():` block around its call; or a `@torch.no_grad()` on a method of
the class that the forward calls and that calls the layer (`encode()`). When that forward holds
none, the cut is the one the run saw: a rerun records each op that takes a value off the graph
with the parameters behind it, and the first one behind a layer without a gradient, a `.detach()`
or `.data` in the forward of another class or in a helper function, is the one removed
(`x = x.detach()` goes whole), or a `with torch.no_grad():` block around that line in a helper
the forward calls (`embed()`). A model whose own optimizer steps while it never gets a gradient,
because the update runs it under no_grad outside any forward (`with torch.no_grad(): z =
self.encoder(obs)` in `update()`), has that block in the update removed. That one call is removed
(the block unwrapped, the decorator dropped); with several, or none, nothing is changed; a numpy
round trip is found but not edited. A block a setting chooses (see grad_off.py) is frozen on purpose
and never reaches this rule.

## Why is this bad?
The script runs and the loss may even fall, since the layers after the cut still learn, but
everything before it keeps its initial weights: the gradient never reaches them.

## Example
```python
def forward(self, x):
    h = torch.relu(self.encoder(x)).detach()
    return self.head(h)
```

Use instead:
```python
def forward(self, x):
    h = torch.relu(self.encoder(x))
    return self.head(h)
```

A target computed under no_grad on purpose (a teacher, a target network) is a model that holds no
optimized parameter: its layers never reach this rule."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Site
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.write.edits import Edit, Workspace


def _attribute_of(site: Site, source: Source) -> tuple[cst.ClassDef, str] | None:
    """The class and `self.<name>` a layer was built into: `self.encoder = nn.Linear(...)`."""
    call = source.call_at(site)
    assign = call and source.enclosing(call, cst.Assign)
    if assign is None or len(assign.targets) != 1:
        return None
    target = assign.targets[0].target
    if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self"):
        return None
    cls = source.enclosing(assign, cst.ClassDef)
    return (cls, target.attr.value) if cls is not None else None


def _forward(cls: cst.ClassDef) -> cst.FunctionDef | None:
    found = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "forward"]
    return found[0] if found else None


def _fed(forward: cst.FunctionDef, attr: str, source: Source) -> tuple[set[str], list[cst.Call]]:
    """The names assigned from the layer's output, in order, and the layer's calls."""
    calls = [c for c in source.nodes(cst.Call) if source.within(c, forward) and isinstance(c.func, cst.Attribute)
             and source.code(c.func) == f"self.{attr}"]
    names: set[str] = set()
    for assign in (a for a in source.nodes(cst.Assign) if source.within(a, forward)):
        if any(source.within(c, assign.value) or c is assign.value for c in calls) \
                or any(n.value in names for n in _names(assign.value, source)):
            names |= {t.target.value for t in assign.targets if isinstance(t.target, cst.Name)}
    return names, calls


def _names(node: cst.CSTNode, source: Source) -> list[cst.Name]:
    return [n for n in source.nodes(cst.Name) if n is node or source.within(n, node)]


def _feeds(expression: cst.CSTNode, names: set[str], calls: list[cst.Call], source: Source) -> bool:
    return any(c is expression or source.within(c, expression) for c in calls) \
        or any(n.value in names for n in _names(expression, source))


def _helpers(cls: cst.ClassDef, forward: cst.FunctionDef, source: Source) -> list[cst.FunctionDef]:
    """The methods of the class its forward calls as `self.<method>(...)`."""
    called = {c.func.attr.value for c in source.nodes(cst.Call) if source.within(c, forward)
              and isinstance(c.func, cst.Attribute) and source.code(c.func.value) == "self"}
    return [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value in called]


def _leaves_torch(detach: cst.Call, source: Source) -> bool:
    """`.detach().numpy()` (or `.cpu().numpy()`, `.tolist()`, `.item()`): a way out of torch, which
    needs the detach; bringing it back is another edit. `.detach().clone()` is a snapshot kept aside."""
    parent = source.parents.get(detach)
    return isinstance(parent, cst.Attribute) and parent.attr.value in ("numpy", "cpu", "tolist", "item", "clone")


def _stored(source: Source, node: cst.CSTNode) -> bool:
    """The value goes into a container: `xs.append(...)`, `xs[i] = ...`."""
    parent = source.parents.get(node)
    while parent is not None and not isinstance(parent, cst.SimpleStatementLine):
        if isinstance(parent, cst.Call) and isinstance(parent.func, cst.Attribute) \
                and parent.func.attr.value in ("append", "extend", "insert", "add", "put"):
            return True
        if isinstance(parent, cst.Assign) and any(isinstance(t.target, cst.Subscript) for t in parent.targets):
            return True
        parent = source.parents.get(parent)
    return False


def _cut_seen(diagnosis: Diagnosis, workspace: Workspace) -> dict[int, tuple[Source, cst.CSTNode, str]]:
    """The one `.detach()` or `.data` on the line where the rerun saw the values of the layers without a
    gradient leave the graph (a forward of another class, a helper function), or the no_grad block around
    the op it saw run under no_grad; a way out of torch is not (a numpy round trip is rewritten in torch,
    not unwrapped)."""
    cut = diagnosis.health.get("first_cut") or {}
    source = Source.parse(workspace, Path(cut["file"])) \
        if cut.get("op") in ("Tensor.detach", "Tensor.data", "no_grad") else None
    if source is None:
        return {}
    found = {}
    if cut["op"] == "no_grad":  # the with block around that line, or around a caller's (a helper the forward calls)
        stack = cut.get("stack") or [cut]
        forwards = [i for i, frame in enumerate(stack) if frame.get("function") == "forward"]
        # up to the outermost forward: a no_grad in the loop that calls the model is not the forward's, unless the
        # model ran outside any training forward (the update encodes its inputs under no_grad: that block cuts it)
        for frame in stack if cut.get("outside_forward") else stack[:forwards[-1] + 1] if forwards else stack[:1]:
            source = Source.parse(workspace, Path(frame["file"]))
            statement = source and source.statement_at(frame["line"])
            block = statement and source.in_no_grad(statement)
            if block is not None and source.function_of(block) is not None:
                found[id(block)] = (source, block, "the torch.no_grad() block")
                break
            function = statement and source.function_of(statement)  # `@torch.no_grad()` on the helper itself
            marks = [m for m in [source.no_grad_decorator(function)] if m is not None] if function else []
            if marks:
                what = f"@{source.code(marks[0].decorator)} on {function.name.value}()"
                found[id(marks[0])] = (source, marks[0], what)
                break
        return found
    for node in source.on_line((cst.Call, cst.Attribute), cut["line"]):
        if _stored(source, node):
            continue  # kept for a log or a plot (`norms.append(z.norm().detach())`): a detach to keep
        if cut["op"] == "Tensor.detach" and isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value == "detach" and not node.args and not _leaves_torch(node, source):
            found[id(node)] = (source, node, f"{source.code(node.func.value)}.detach()")
        elif cut["op"] == "Tensor.data" and isinstance(node, cst.Attribute) and node.attr.value == "data":
            found[id(node)] = (source, node, f"{source.code(node.value)}.data")
    return found


class GraphCut(Rule):
    categories = ("health.no_gradient",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        cuts: dict[int, tuple[Source, cst.CSTNode, str]] = {}
        for module in diagnosis.health.get("cut_modules", ()):
            site = Site.from_json(module.get("site"))
            source = site and Source.parse(workspace, site.file)
            built = source and _attribute_of(site, source)
            forward = built and _forward(built[0])
            if forward is None:
                continue
            for helper in _helpers(built[0], forward, source):  # encode() called by the forward, under no_grad
                if _fed(helper, built[1], source)[1]:
                    decorator = source.no_grad_decorator(helper)
                    if decorator is not None:
                        cuts[id(decorator)] = (source, decorator, f"@{source.code(decorator.decorator)} on "
                                                                  f"{helper.name.value}()")
            names, calls = _fed(forward, built[1], source)
            for call in calls:  # the layer called under torch.no_grad() in the forward
                block = source.in_no_grad(call)
                if block is not None and source.within(block, forward):
                    cuts[id(block)] = (source, block, "the torch.no_grad() block")
            for node in source.nodes((cst.Call, cst.Attribute)):
                if not source.within(node, forward):
                    continue
                if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                        and node.func.attr.value == "detach" and not node.args \
                        and _feeds(node.func.value, names, calls, source) and not _leaves_torch(node, source):
                    cuts[id(node)] = (source, node, f"{source.code(node.func.value)}.detach()")
                elif isinstance(node, cst.Attribute) and node.attr.value == "data" \
                        and _feeds(node.value, names, calls, source):
                    cuts[id(node)] = (source, node, f"{source.code(node.value)}.data")
        if not cuts:  # none in the forward of the layers' own class: the cut the run saw, wherever it is
            cuts = _cut_seen(diagnosis, workspace)
        if len(cuts) != 1:
            return  # no cut in a forward, or several: which one is meant is not for a rule to guess
        source, node, what = next(iter(cuts.values()))
        if isinstance(node, cst.Decorator):
            new = cst.RemovalSentinel.REMOVE
        elif isinstance(node, cst.Call):
            new = node.func.value
        elif isinstance(node, cst.Attribute):
            new = node.value
        else:
            if len(node.items) != 1 or not isinstance(node.body, cst.IndentedBlock):
                return
            body = list(node.body.body)
            new = cst.FlattenSentinel([body[0].with_changes(leading_lines=node.leading_lines), *body[1:]])
        statement = source.enclosing(node, cst.SimpleStatementLine)
        assign = statement and len(statement.body) == 1 and statement.body[0]
        if isinstance(assign, cst.Assign) and len(assign.targets) == 1 and not isinstance(node, cst.Decorator) \
                and assign.value is node and source.code(assign.targets[0].target) == source.code(new):
            node, new = statement, cst.RemovalSentinel.REMOVE  # `x = x.detach()` goes, not leaving `x = x`
        function = source.function_of(node)
        cls = source.enclosing(node, cst.ClassDef)
        where = f"{cls.name.value}.{function.name.value}" if cls and function else \
            function.name.value if function else source.path.name
        reason = (f"Removed {what} in {where}: it cut the layers before it off the "
                  f"loss, so they got no gradient and never learned")
        yield source.edit(source.replaced(node, new), source.line_of(node), reason)
