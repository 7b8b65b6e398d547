"""The nn.Module protocol, checked as contracts over the user's classes:

| contract | broken when | symptom | edit |
|---|---|---|---|
| a Module subclass defines `forward` / `__init__` | a method a typo away (`foward`, `__int__`, `___init___`) is defined and never called | `missing the required "forward" function`; `X.__init__() takes 1 positional argument`; `'X' object has no attribute`; an empty parameter list | rename the method |
| submodules are registered | layers kept in a plain list / dict | `optimizer got an empty parameter list`; a dtype mismatch in a layer the probe finds no path to from the model (left behind by `.double()`) | `nn.ModuleList` / `nn.ModuleDict` |
| an RNN / attention module returns a tuple | its result is used as a tensor | `'tuple' object has no attribute 'size'`, `must be Tensor, not tuple` | `out, _ = self.lstm(x)` |
| forward returns what it computes | its body ends without a `return` | `must be Tensor, not NoneType`, `'NoneType' object has no attribute 'argmax'` where the failing line takes a model's output | `return x` after the last assignment (or the last call returned) |
| forward gets the inputs it declares | `model(*batch)` spreads the target in too | `forward() takes 2 positional arguments but 3 were given` | `model(batch[0])` |

Every contract is checked on the source before an edit is proposed; nothing is proposed when the
class or the call cannot be found."""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Site
from resolver.fix.rules._project import (
    classes_named,
    edit_distance,
    methods,
    module_classes,
    nn_spelling,
    replaced_all,
    sources_mentioning,
)
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

PROTOCOL_METHODS = ("forward", "__init__")
# modules and functions that return a tuple whose first item is the tensor people expect
TUPLE_RETURNING = {"LSTM", "GRU", "RNN", "MultiheadAttention", "pad_packed_sequence"}
CONTAINERS = {cst.List: "ModuleList", cst.ListComp: "ModuleList", cst.Dict: "ModuleDict", cst.DictComp: "ModuleDict"}


def _class_in_message(diagnosis: Diagnosis) -> str | None:
    for pattern in (r"Module \[(\w+)\] is missing", r"(\w+)\.__init__\(\) (?:takes|got)", r"^'(\w+)' object has no attribute"):
        match = re.search(pattern, diagnosis.message)
        if match:
            return match[1]
    return None


def _misspelled(method: str, wanted: str, function: cst.FunctionDef, source: Source) -> bool:
    """`method` is a slip of `wanted` when it is a typo away, never called by name, and shaped
    like it: an __init__ that sets attributes on self, a forward that takes an input."""
    if method == wanted or edit_distance(method, wanted) > 2 or method.startswith("_") != wanted.startswith("_"):
        return False
    if len(re.findall(rf"\b{re.escape(method)}\b", source.text)) != 1:
        return False
    if wanted == "__init__":
        return any(isinstance(t.target, cst.Attribute) and source.code(t.target.value) == "self"
                   for a in source.nodes(cst.Assign) if source.enclosing(a, cst.FunctionDef) is function
                   for t in a.targets)
    return len(function.params.params) >= 2


def _renamed_protocol_method(source: Source, node: cst.ClassDef) -> Iterator[Edit]:
    defined = methods(node)
    for wanted in PROTOCOL_METHODS:
        if wanted in defined:
            continue
        slips = [f for name, f in defined.items() if _misspelled(name, wanted, f, source)]
        if len(slips) != 1:
            continue
        function = slips[0]
        reason = (f"Renamed {node.name.value}.{function.name.value} to {wanted}: nn.Module calls `{wanted}`, "
                  f"so the misspelled method never ran")
        yield source.edit(source.replaced(function.name, cst.Name(wanted)), source.line_of(function), reason)


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
        if len(assign.targets) == 1 and isinstance(target, cst.Name) and type(assign.value) in CONTAINERS:
            local_lists[target.value] = assign  # `members = []`, filled, then `self.members = members`
    for assign in in_init:
        target = assign.targets[0].target
        if len(assign.targets) != 1 or not isinstance(target, cst.Attribute) or source.code(target.value) != "self":
            continue
        if type(assign.value) in CONTAINERS:
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
        kind = CONTAINERS.get(type(made), "ModuleList")
        empty = isinstance(assign.value, (cst.List, cst.Dict)) and not assign.value.elements
        value = f"{nn}.{kind}()" if empty else f"{nn}.{kind}({source.module.code_for_node(assign.value)})"
        replacements[assign.value] = cst.parse_expression(value)
    names = ", ".join(f"self.{n}" for n in wrapped)
    reason = (f"Kept the layers of {node.name.value} ({names}) in nn.ModuleList / nn.ModuleDict: in a plain list or "
              "dict they are not registered, so parameters(), .to() and state_dict() never see them")
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


def _class_edits(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """Typos of forward/__init__ first, then unregistered layers; in the class the message names,
    else in every Module subclass of the project."""
    name = _class_in_message(diagnosis)
    classes = list(classes_named(workspace, name)) if name else list(module_classes(workspace))
    for source, node in classes:
        yield from _renamed_protocol_method(source, node)
    if diagnosis.category != "module.forward_missing":
        for source, node in classes:
            yield from _registered_containers(workspace, source, node)


def _tuple_assignments(source: Source, line: int) -> Iterator[Edit]:
    """A name on the failing line holds the tuple of an RNN call: unpack it where it is assigned;
    an RNN call used inline gets `[0]`."""
    statement = source.statement_at(line)
    function = statement and source.enclosing(statement, cst.FunctionDef)
    if function is None:
        return
    returns_tuple = _tuple_callees(source, function)
    for call in source.on_line(cst.Call, line):
        for arg in call.args:
            if isinstance(arg.value, cst.Call) and source.code(arg.value.func) in returns_tuple:
                reason = f"Took the output tensor of {source.code(arg.value.func)}(...) ([0]): it returns a tuple"
                new = cst.parse_expression(f"{source.module.code_for_node(arg.value)}[0]")
                yield source.edit(source.replaced(arg.value, new), line, reason)
                return
    used = {n.value for n in source.on_line(cst.Name, line)}
    line_start = source.line_of(statement)
    assigned = [a for a in source.nodes(cst.Assign) if source.enclosing(a, cst.FunctionDef) is function
                and source.line_of(a) < line_start and len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name)
                and a.targets[0].target.value in used and isinstance(a.value, cst.Call)
                and source.code(a.value.func) in returns_tuple]
    if not assigned:
        return
    assign = max(assigned, key=source.line_of)
    name = assign.targets[0].target.value
    target = cst.Tuple([cst.Element(cst.Name(name)), cst.Element(cst.Name("_"))], lpar=[], rpar=[])
    new = assign.with_changes(targets=[assign.targets[0].with_changes(target=target)])
    reason = (f"Unpacked {source.code(assign.value.func)}(...) into `{name}, _`: it returns (output, state), "
              f"and {name} was used as the output tensor")
    yield source.edit(source.replaced(assign, new), source.line_of(assign), reason)


def _tuple_callees(source: Source, function: cst.FunctionDef) -> set[str]:
    """Callee spellings in this class that return a tuple: `self.lstm` when __init__ built an
    nn.LSTM there, and the tuple-returning functions by name."""
    callees = set()
    owner = source.enclosing(function, cst.ClassDef)
    for assign in source.nodes(cst.Assign, lambda a: owner is not None and source.enclosing(a, cst.ClassDef) is owner):
        target = assign.targets[0].target
        if isinstance(target, cst.Attribute) and isinstance(assign.value, cst.Call):
            if source.code(assign.value.func).rsplit(".", 1)[-1] in TUPLE_RETURNING:
                callees.add(source.code(target))
    for call in source.nodes(cst.Call):
        if source.code(call.func).rsplit(".", 1)[-1] in TUPLE_RETURNING and source.code(call.func)[:1].islower():
            callees.add(source.code(call.func))
    return callees


def _spread_batch(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """`model(*batch)` where forward takes fewer inputs than the batch holds: pass the inputs."""
    match = re.search(r"takes (\d+) positional arguments? but (\d+) were given", diagnosis.message)
    if not match:
        return
    inputs = int(match[1]) - 1  # self
    for frame, source in user_frames(diagnosis, workspace):
        for call in source.on_line(cst.Call, frame.line):
            starred = [a for a in call.args if a.star == "*"]
            if len(starred) != 1 or len(call.args) != 1 or inputs < 1:
                continue
            batch = source.module.code_for_node(starred[0].value)
            new_arg = cst.Arg(cst.parse_expression(f"{batch}[0]")) if inputs == 1 else \
                starred[0].with_changes(value=cst.parse_expression(f"{batch}[:{inputs}]"))
            reason = (f"Passed only the model's inputs ({source.code(new_arg)}) to {source.code(call.func)}: "
                      f"forward takes {inputs} and *{batch} spread the target in too")
            yield source.edit(source.replaced(starred[0], new_arg), frame.line, reason)
            return


def _forward_without_return(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """The failing line takes the output of a model (a local the probe saw holding an nn.Module,
    or `self.part` built from a project class) whose `forward` never returns a value."""
    for frame, source in user_frames(diagnosis, workspace):
        statement = source.statement_at(frame.line)
        function = source.function_of(statement) if statement is not None else None
        names = {n.value for n in source.on_line(cst.Name, frame.line)}
        calls = source.on_line(cst.Call, frame.line)
        calls += [assign.value for assign in source.nodes(cst.Assign, lambda a: source.function_of(a) is function)
                  if isinstance(assign.value, cst.Call) and source.line_of(assign) < frame.line  # `out = model(x)`, then `out`
                  and any(isinstance(t.target, cst.Name) and t.target.value in names for t in assign.targets)]
        for call in calls:
            klass = _module_class_called(source, call, frame)
            for where, node in classes_named(workspace, klass) if klass else ():
                edit = _return_added(where, node)
                if edit is not None:
                    yield edit
                    return


def _module_class_called(source: Source, call: cst.Call, frame) -> str | None:
    func = call.func
    if isinstance(func, cst.Name) and func.value in frame.models:
        return frame.models[func.value][0]
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
        owner = source.enclosing(call, cst.ClassDef)
        init = methods(owner).get("__init__") if owner else None
        for assign in source.nodes(cst.Assign, lambda a: init is not None and source.function_of(a) is init):
            if any(isinstance(t.target, cst.Attribute) and t.target.attr.value == func.attr.value for t in assign.targets) \
                    and isinstance(assign.value, cst.Call):
                name = source.code(assign.value.func).rsplit(".", 1)[-1]
                return name if name[:1].isupper() else None
    return None


def _return_added(source: Source, node: cst.ClassDef) -> Edit | None:
    forward = methods(node).get("forward")
    if forward is None or not isinstance(forward.body, cst.IndentedBlock) or any(
            isinstance(r, cst.Return) and r.value is not None and source.function_of(r) is forward for r in source.nodes(cst.Return)):
        return None
    last = forward.body.body[-1]
    small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
        if len(targets) != 1 or not isinstance(targets[0], cst.Name):
            return None
        returned = targets[0].value
        new = cst.FlattenSentinel([last, cst.SimpleStatementLine([cst.Return(cst.Name(returned))])])
    elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        returned = source.code(small.value)
        new = last.with_changes(body=[cst.Return(small.value)])
    else:
        return None
    reason = (f"Made {node.name.value}.forward return {returned}: it computes it and ends without a return, "
              "so the model's output was None")
    return source.edit(source.replaced(last, new), source.line_of(last), reason)


def _unregistered_owner(diagnosis: Diagnosis) -> str | None:
    """The project class whose forward called the failing layer, when that layer is not one of
    the model's registered submodules (the probe found no path to it from the outermost module
    in the traceback): `.double()`/`.to()` on the model passed it by, hence the dtype mismatch."""
    chain = diagnosis.modules
    if len(chain) < 2 or chain[-1].path != "?" or not chain[-1].qualname.startswith("torch.nn."):
        return None
    owners = [m for m in reversed(chain[:-1]) if not m.qualname.startswith("torch.")]
    return owners[0].class_name if owners else None


class ModuleProtocol(Rule):
    categories = ("module.forward_missing", "module.init_arguments", "module.unset_attribute",
                  "module.no_parameters", "module.tuple_output", "module.extra_inputs", "module.forward_returns_none",
                  "dtype.mismatch")
    # before dtype_contract on a dtype mismatch: it is only asked when a layer is unregistered,
    # and then the cast of the model is right and the layer missed it
    priority = -1

    def matches(self, diagnosis: Diagnosis) -> bool:
        if diagnosis.category == "dtype.mismatch":
            return _unregistered_owner(diagnosis) is not None
        return super().matches(diagnosis)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        category = diagnosis.category
        if category == "dtype.mismatch":
            if diagnosis.module.site is not None:
                for source, node in classes_named(workspace, _unregistered_owner(diagnosis)):
                    yield from _registered_containers(workspace, source, node, diagnosis.module.site)
        elif category == "module.tuple_output":
            for frame, source in user_frames(diagnosis, workspace):
                yield from _tuple_assignments(source, frame.line)
        elif category == "module.extra_inputs":
            yield from _spread_batch(diagnosis, workspace)
        elif category == "module.forward_returns_none":
            yield from _forward_without_return(diagnosis, workspace)
        else:
            yield from _class_edits(diagnosis, workspace)
