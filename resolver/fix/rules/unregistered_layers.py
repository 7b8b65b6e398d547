"""## What it does
Registers layers kept in a plain list or dict: `nn.ModuleList` / `nn.ModuleDict` around it
(filled with layers, also a list repeated or joined: `(n - 1) * [nn.Conv1d(...)]`, `[stem] +
blocks`; or with what a project helper returns, `tower(width)` returning an `nn.Sequential`; a
local list kept as `self.towers = towers`; the plain list a project helper
returns: `self.encoder = mlp_stack(sizes)`). On a dtype mismatch in a layer the probe finds no
path to from the model, only the container that layer was built into; likewise on a run that
trains without them (health.unregistered_module: the probe saw layers run in a trained model's
forward and get gradients that no optimizer holds), only the containers those layers went into,
found in the class whose `__init__` built them (directly, or through a block class they are part of).

## Why is this bad?
A Module finds its parameters, and `.double()`/`.to()` reach its layers, through registered
submodules only: `optimizer got an empty parameter list`, or `Double and Float` in a layer that
`.double()` left behind.

## Example
```python
self.layers = [nn.Linear(d, d) for _ in range(depth)]
```

Use instead:
```python
self.layers = nn.ModuleList([nn.Linear(d, d) for _ in range(depth)])
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Site
from resolver.fix.rules._project import (
    classes_in_question,
    classes_named,
    methods,
    nn_spelling,
    replaced_all,
    sources_mentioning,
)
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.write.edits import Edit, Workspace

CONTAINERS = {cst.List: "ModuleList", cst.ListComp: "ModuleList", cst.Dict: "ModuleDict", cst.DictComp: "ModuleDict"}


def _container_kind(value: cst.BaseExpression) -> str | None:
    """The nn container a plain container expression stands for: a list, dict or comprehension, or
    a list repeated or joined (`(n - 1) * [nn.Conv1d(...)]`, `[stem] + blocks`), still a list."""
    if type(value) in CONTAINERS:
        return CONTAINERS[type(value)]
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, (cst.Multiply, cst.Add)):
        kinds = {_container_kind(value.left), _container_kind(value.right)}
        return "ModuleList" if "ModuleList" in kinds else None
    return None


def _repeats_one_layer(value: cst.BaseExpression) -> bool:
    """`n * [nn.Linear(...)]`: the list holds the same object n times."""
    return isinstance(value, cst.BinaryOperation) and (isinstance(value.operator, cst.Multiply) or any(
        _repeats_one_layer(side) for side in (value.left, value.right)))


def _builds_modules(source: Source, value: cst.BaseExpression, workspace: Workspace | None = None) -> bool:
    """The expression constructs objects (`nn.Linear(...)`, `Block(...)`): calls of capitalised
    names, or (given the workspace) of a project function that returns one (`make_mlp(...)`
    returning `nn.Sequential(*layers)`)."""
    for call in source_calls(value):
        name = source.code(call.func).rsplit(".", 1)[-1]
        if name[:1].isupper() or workspace is not None and name[:1].islower() and _returns_a_module(workspace, name):
            return True
    return False


def _project_function(workspace: Workspace, name: str) -> tuple[Source, cst.FunctionDef] | None:
    """The one module-level function of the project with that name."""
    found = [(s, f) for s in sources_mentioning(workspace, rf"\bdef\s+{re.escape(name)}\b")
             for f in s.nodes(cst.FunctionDef, lambda f: f.name.value == name) if s.enclosing(f, cst.ClassDef) is None]
    return found[0] if len(found) == 1 else None


def _returns_a_module(workspace: Workspace, name: str) -> bool:
    found = _project_function(workspace, name)
    if found is None:
        return False
    source, function = found
    returns = [r.value for r in source.nodes(cst.Return) if source.function_of(r) is function and r.value is not None]
    return bool(returns) and all(isinstance(v, cst.Call) and source.code(v.func).rsplit(".", 1)[-1][:1].isupper()
                                 for v in returns)


def source_calls(node: cst.CSTNode) -> list[cst.Call]:
    found = []

    class Calls(cst.CSTVisitor):
        def visit_Call(self, call):
            found.append(call)

    node.visit(Calls())
    return found


def _registered_containers(workspace: Workspace, source: Source, node: cst.ClassDef,
                           holding: Site | None = None) -> Iterator[Edit]:
    """`self.layers = []` filled with layers -> `nn.ModuleList()`; a dict -> `nn.ModuleDict`; the
    list a project helper builds (`self.encoder = mlp_stack(sizes)`) -> `nn.ModuleList(mlp_stack(sizes))`.
    With `holding` (where the probe saw a layer built), only the container that layer went into."""
    init = methods(node).get("__init__")
    if init is None:
        return
    in_class = [c for c in source.nodes(cst.Call) if source.enclosing(c, cst.ClassDef) is node]
    plain, built_by_helper, local_lists = {}, {}, {}
    in_init = source.nodes(cst.Assign, lambda a: source.enclosing(a, cst.FunctionDef) is init)
    for assign in in_init:
        target = assign.targets[0].target
        if len(assign.targets) == 1 and isinstance(target, cst.Name) and _container_kind(assign.value):
            local_lists[target.value] = assign  # `members = []`, filled, then `self.members = members`
    for assign in in_init:
        target = assign.targets[0].target
        if len(assign.targets) != 1 or not isinstance(target, cst.Attribute) or source.code(target.value) != "self":
            continue
        if _container_kind(assign.value):
            plain[target.attr.value] = (assign, f"self.{target.attr.value}")
        elif isinstance(assign.value, cst.Name) and assign.value.value in local_lists:
            plain[target.attr.value] = (assign, assign.value.value)
        elif isinstance(assign.value, cst.Call) and _returns_module_list(workspace, source, assign.value):
            built_by_helper[target.attr.value] = assign
    wrapped = dict(built_by_helper)
    for name, (assign, held) in plain.items():
        made = local_lists[held].value if held in local_lists else assign.value
        filled = _builds_modules(source, made, workspace) or any(
            isinstance(c.func, cst.Attribute) and c.func.attr.value in ("append", "extend", "insert", "__setitem__")
            and source.code(c.func.value) == held and any(_builds_modules(source, a.value, workspace) for a in c.args)
            for c in in_class)
        filled = filled or any(source.code(s.value) == held and _builds_modules(source, a.value, workspace)
                               for a in source.nodes(cst.Assign) if source.enclosing(a, cst.ClassDef) is node
                               for t in a.targets if isinstance((s := t.target), cst.Subscript))
        if filled:
            wrapped[name] = assign
    if holding is not None:
        wrapped = {name: assign for name, assign in wrapped.items()
                   if _fills(source, node, plain[name][1] if name in plain else f"self.{name}",
                             local_lists.get(plain[name][1], assign) if name in plain else assign, holding)}
    if not wrapped:
        return
    nn = nn_spelling(source)
    replacements = {}
    for name, assign in wrapped.items():
        made = local_lists[assign.value.value].value if isinstance(assign.value, cst.Name) else assign.value
        kind = _container_kind(made) or "ModuleList"
        empty = isinstance(assign.value, (cst.List, cst.Dict)) and not assign.value.elements
        value = f"{nn}.{kind}()" if empty else f"{nn}.{kind}({source.module.code_for_node(assign.value)})"
        replacements[assign.value] = cst.parse_expression(value)
    names = ", ".join(f"self.{n}" for n in wrapped)
    reason = (f"Kept the layers of {node.name.value} ({names}) in nn.ModuleList / nn.ModuleDict: in a plain list or "
              "dict they are not registered, so parameters(), .to() and state_dict() never see them")
    if any(_repeats_one_layer(a.value) for a in wrapped.values()):
        reason += ("; `*` repeats one layer object, so its uses share one set of weights (a comprehension builds "
                   "one per use, if that was meant)")
    yield source.edit(replaced_all(source.module, replacements), source.line_of(next(iter(wrapped.values()))), reason)


def _fills(source: Source, node: cst.ClassDef, held: str, assign: cst.Assign, site: Site) -> bool:
    """The layer built at `site` (or by a helper called there) goes into the container `held`
    (`self.layers`, or the local list kept as it): the construction is inside the container's
    value or an append/extend/item assignment to it."""
    spans = [assign.value]
    for call in source.nodes(cst.Call, lambda c: source.enclosing(c, cst.ClassDef) is node):
        if isinstance(call.func, cst.Attribute) and source.code(call.func.value) == held:
            spans.append(call)
    spans += [a for a in source.nodes(cst.Assign, lambda a: source.enclosing(a, cst.ClassDef) is node)
              if any(isinstance(t.target, cst.Subscript) and source.code(t.target.value) == held
                     for t in a.targets)]
    lines = {s.line for s in (site, *site.callers) if s.file.resolve() == source.path.resolve()}
    return any(source.positions[n].start.line <= line <= source.positions[n].end.line for n in spans for line in lines)


def _returns_module_list(workspace: Workspace, source: Source, call: cst.Call) -> bool:
    """The called project function (one of that name) returns a plain list it fills with layers:
    a list literal or comprehension of layers, or a name bound to `[]` and appended to."""
    name = source.code(call.func).rsplit(".", 1)[-1]
    if not name[:1].islower():
        return False
    found = _project_function(workspace, name)
    if found is None:
        return False
    helper_source, helper = found
    returns = [r for r in helper_source.nodes(cst.Return) if helper_source.enclosing(r, cst.FunctionDef) is helper]
    if len(returns) != 1 or returns[0].value is None:
        return False
    value = returns[0].value
    if isinstance(value, (cst.List, cst.ListComp)):
        return _builds_modules(helper_source, value)
    if not isinstance(value, cst.Name):
        return False
    inside = [n for n in helper_source.nodes(cst.Call) if helper_source.enclosing(n, cst.FunctionDef) is helper]
    bound = [a for a in helper_source.nodes(cst.Assign) if helper_source.enclosing(a, cst.FunctionDef) is helper
             and any(helper_source.code(t.target) == value.value for t in a.targets)]
    return (len(bound) == 1 and isinstance(bound[0].value, (cst.List, cst.ListComp))
            and (_builds_modules(helper_source, bound[0].value) or any(
                isinstance(c.func, cst.Attribute) and c.func.attr.value in ("append", "extend", "insert")
                and helper_source.code(c.func.value) == value.value
                and any(_builds_modules(helper_source, a.value) for a in c.args) for c in inside)))


def _containers_of_unregistered(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """The plain containers the unregistered layers went into: for each frame that built one
    (the layer's construction, then its callers), the class whose `__init__` holds that line."""
    seen = set()
    for layer in diagnosis.health.get("unregistered", ()):
        site = Site.from_json(layer.get("site"))
        for frame in (site, *site.callers) if site else ():
            source = Source.parse(workspace, frame.file)
            statement = source and source.statement_at(frame.line)
            init = statement and source.function_of(statement)
            cls = init and init.name.value == "__init__" and source.enclosing(init, cst.ClassDef)
            if not cls or (frame.file, cls.name.value) in seen:
                continue
            seen.add((frame.file, cls.name.value))
            edits = list(_registered_containers(workspace, source, cls, site))
            if edits:
                yield from edits
                return


def _unregistered_owner(diagnosis: Diagnosis) -> str | None:
    """The project class whose forward called the failing layer, when that layer is not one of
    the model's registered submodules (the probe found no path to it from the outermost module
    in the traceback): `.double()`/`.to()` on the model passed it by, hence the dtype mismatch."""
    chain = diagnosis.modules
    if len(chain) < 2 or chain[-1].path != "?" or not chain[-1].qualname.startswith("torch.nn."):
        return None
    owners = [m for m in reversed(chain[:-1]) if not m.qualname.startswith("torch.")]
    return owners[0].class_name if owners else None


class UnregisteredLayers(Rule):
    categories = ("module.init_arguments", "module.unset_attribute", "module.no_parameters", "dtype.mismatch",
                  "health.unregistered_module")
    # before dtype_contract on a dtype mismatch: it is only asked when a layer is unregistered,
    # and then the cast of the model is right and the layer missed it
    priority = -1

    def matches(self, diagnosis: Diagnosis) -> bool:
        if diagnosis.category == "dtype.mismatch":
            return _unregistered_owner(diagnosis) is not None
        return super().matches(diagnosis)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if diagnosis.category == "health.unregistered_module":
            yield from _containers_of_unregistered(diagnosis, workspace)
        elif diagnosis.category != "dtype.mismatch":
            for source, node in classes_in_question(diagnosis, workspace):
                yield from _registered_containers(workspace, source, node)
        elif diagnosis.module.site is not None:  # only the container the probe saw the layer built into
            for source, node in classes_named(workspace, _unregistered_owner(diagnosis)):
                yield from _registered_containers(workspace, source, node, diagnosis.module.site)
