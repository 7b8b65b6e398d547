"""## What it does
Loads a checkpoint saved on CUDA to the CPU: the CUDA `map_location` becomes `"cpu"` where it
is written (the literal or `torch.device("cuda")`, a parameter's default, an argparse default,
the one YAML/JSON/TOML line the code reads it from), and a `torch.load` without one gets
`map_location="cpu"`.

## Why is this bad?
`Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False`.
Where a checkpoint loads to is not where the model runs: `load_state_dict` copies each tensor
to its parameter's device, so "cpu" is right on every machine. A value that also chooses the
run's device gets the guard in Python and advice in a config file; a whole pickled model (not
a state dict) keeps CUDA where there is one.

## Example
```python
state = torch.load("model.pt", map_location="cuda:0")
model.load_state_dict(state)
```

Use instead:
```python
state = torch.load("model.pt", map_location="cpu")
model.load_state_dict(state)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._checkpoint import CUDA, LOADERS, guarded, in_scope
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._project import config_file_edits
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, keyword_arg, method_call
from resolver.fix.rules._syntax import argument
from resolver.write.edits import Edit, Workspace


def _cuda_device(source: Source, node: cst.CSTNode) -> bool:
    """`"cuda:0"` or `torch.device("cuda")`: a CUDA device written out."""
    if isinstance(node, cst.SimpleString):
        return isinstance(node.evaluated_value, str) and CUDA.fullmatch(node.evaluated_value) is not None
    return isinstance(node, cst.Call) and source.calls(node, {"torch.device"}) and len(node.args) == 1 \
        and _cuda_device(source, node.args[0].value)


def _cpu_map_location(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """The failing `torch.load` maps its storages to CUDA on a machine without it. Where the
    map_location is written (the literal, a parameter's default, the config line the code reads it
    from), CUDA becomes "cpu": where a checkpoint loads to is not where the model runs
    (`load_state_dict` copies each tensor to its parameter's device), so "cpu" is right on every
    machine. A value that also chooses something else (a `device` the model is moved to) is a
    device setting: in Python it gets the guard that keeps CUDA where it is, in a config file
    nothing (the stop's advice names it)."""
    tracer = Tracer(diagnosis, workspace)
    for frame in reversed(tracer.frames):
        source = tracer.source(frame.file)
        loads = [c for c in source.on_line(cst.Call, frame.line) if source.calls(c, LOADERS)] if source else []
        if not loads:
            continue
        given = argument(loads[0], 1, "map_location")
        if given is None:
            yield _map_location_given(source, loads[0])
            return
        chain = tracer.chain(source, given, frame)
        for step in chain:
            if _cuda_device(step.source, step.node):
                yield _map_to_cpu(step.source, step.node, _only_for_loading(tracer, chain))
                return
        last = chain[-1]
        default = _parameter_default(last.source, last.node)
        if default is not None and _cuda_device(last.source, default):
            yield _map_to_cpu(last.source, default, _only_for_loading(tracer, chain))
            return
        keys = next(({*_setting_names(step)} for step in chain if _setting_names(step)), set())  # the innermost key
        defaults = [(s, d) for s in tracer.project_sources() for d in _option_defaults(s, keys)]
        if len(defaults) == 1 and _read_once(tracer, keys):
            yield _map_to_cpu(*defaults[0], True)
            return
        edits = [e for e in config_file_edits(workspace, keys, CUDA, "cpu", "(where the checkpoint's map_location "
                 "is set): this machine has no CUDA, and load_state_dict moves each tensor to its parameter's device")
                 if _read_once(tracer, keys)]
        if len(edits) == 1:
            yield edits[0]
        return


def _map_location_given(source: Source, load: cst.Call) -> Edit:
    """A load without map_location puts each storage where it was saved. A state dict goes to the
    CPU on every machine (load_state_dict copies each tensor to its parameter's device); anything
    else (a whole pickled model) keeps CUDA where there is one."""
    if _into_load_state_dict(source, load):
        value, why = '"cpu"', "load_state_dict copies each tensor to its parameter's device"
    else:
        value, why = source.code(guarded(source, '"cuda"')), "the guard keeps CUDA where it is"
    new = load.with_changes(args=[*load.args, keyword_arg("map_location", value)])
    reason = (f"Passed map_location={value} to {source.code(load.func)}: the checkpoint was saved from CUDA and this "
              f"machine has none; {why}")
    return source.edit(source.replaced(load, new), source.line_of(load), reason, uses_torch=value != '"cpu"')


def _into_load_state_dict(source: Source, load: cst.Call) -> bool:
    """Whether what the load returns goes to `load_state_dict` (itself, an item of it, or through
    the name it is assigned to in the same function), and is otherwise only read item by item
    (an epoch, a config): never used whole."""
    parent = source.parents.get(load)
    while isinstance(parent, (cst.Subscript, cst.SubscriptElement, cst.Index, cst.Arg)):
        if isinstance(parent, cst.Arg):
            call = source.parents.get(parent)
            return isinstance(call, cst.Call) and method_call(call, "load_state_dict")
        parent = source.parents.get(parent)
    if not (isinstance(parent, cst.Assign) and len(parent.targets) == 1
            and isinstance(parent.targets[0].target, cst.Name)):
        return False
    name = parent.targets[0].target.value
    scope = source.function_of(load) or source.module
    reads = [n for n in source.nodes(cst.Name, lambda n: n.value == name)
             if in_scope(source, n, scope) and n is not parent.targets[0].target]
    loaded = False
    for read in reads:
        node, parent = read, source.parents.get(read)
        while isinstance(parent, cst.Subscript) and parent.value is node or \
                isinstance(parent, cst.Attribute) and parent.value is node and parent.attr.value == "get" or \
                isinstance(parent, cst.Call) and parent.func is node and isinstance(node, cst.Attribute):
            node, parent = parent, source.parents.get(parent)
        call = source.parents.get(parent) if isinstance(parent, cst.Arg) else None
        if isinstance(call, cst.Call) and method_call(call, "load_state_dict"):
            loaded = True
        elif node is read and not (isinstance(parent, cst.ComparisonTarget)
                                   and isinstance(parent.operator, (cst.In, cst.NotIn))):
            return False  # the whole object, used as it is (not a key looked up in it)
    return loaded


def _map_to_cpu(source: Source, node: cst.CSTNode, only_for_loading: bool) -> Edit:
    if only_for_loading:
        new = cst.SimpleString('"cpu"')
        reason = (f"Loaded the checkpoint to the CPU instead of {source.code(node)}: this machine has no CUDA, and "
                  "load_state_dict moves each tensor to its parameter's device")
    else:
        new = guarded(source, source.code(node))
        reason = (f"Chose the device where CUDA is available instead of {source.code(node)}, which the checkpoint "
                  "is loaded to: this machine has no CUDA, and the guard keeps CUDA where it is")
    return source.edit(source.replaced(node, new), source.line_of(node), reason, uses_torch=not only_for_loading)


def _parameter_default(source: Source, node: cst.CSTNode) -> cst.BaseExpression | None:
    """The default of the parameter a name is, when no caller's argument was followed."""
    function = source.enclosing(node, cst.FunctionDef) if isinstance(node, cst.Name) else None
    if function is None:
        return None
    p = function.params
    found = [param for param in (*p.posonly_params, *p.params, *p.kwonly_params) if param.name.value == node.value]
    return found[0].default if found else None


def _option_defaults(source: Source, keys: set[str]) -> list[cst.CSTNode]:
    """The CUDA default of a command-line option read as `args.<key>`:
    `add_argument("--map-location", default="cuda")`."""
    found = []
    for call in source.nodes(cst.Call, lambda c: method_call(c, "add_argument")):
        flags = [a.value.evaluated_value for a in call.args
                 if a.keyword is None and isinstance(a.value, cst.SimpleString)]
        default = argument(call, 99, "default")
        if default is not None and _cuda_device(source, default) and \
                any(isinstance(f, str) and f.lstrip("-").replace("-", "_") in keys for f in flags):
            found.append(default)
    return found


def _setting_names(step) -> list[str]:
    """The name a value is read under: `cfg["ckpt"]["map_location"]`, `cfg.map_location`."""
    node = step.node
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        key = node.slice[0].slice.value
        text = key.evaluated_value if isinstance(key, cst.SimpleString) else None
        return [text] if isinstance(text, str) else []
    if isinstance(node, cst.Attribute) and not (isinstance(node.value, cst.Name) and node.value.value == "self"):
        return [node.attr.value]
    return []


def _read_once(tracer: Tracer, keys: set[str]) -> bool:
    """Each setting is read in one place of the project's code: the load's. A key read twice
    chooses something else too (the device the model runs on)."""
    for key in keys:
        reads = sum(len(re.findall(rf"""["']{re.escape(key)}["']|\.{re.escape(key)}\b""", s.module.code))
                    for s in tracer.project_sources())
        if reads != 1:
            return False
    return bool(keys)


def _only_for_loading(tracer: Tracer, chain) -> bool:
    """Every name the value passes through on its way to the load is read once: nothing else is
    chosen with it (a module's `DEVICE` that the model is moved to is read twice)."""
    for step in chain:
        if isinstance(step.node, cst.Name):
            scope = step.source.enclosing(step.node, cst.FunctionDef)
            sources = [step.source] if scope is not None else tracer.project_sources()
            reads = sum(1 for s in sources for n in s.nodes(cst.Name, lambda n, s=s: _loads_name(s, n, step.node.value))
                        if scope is None or s.enclosing(n, cst.FunctionDef) is scope)
            if reads > 1:
                return False
        if _setting_names(step) and not _read_once(tracer, set(_setting_names(step))):
            return False
    return True


def _loads_name(source: Source, node: cst.Name, name: str) -> bool:
    """A read of `name`: not a binding, a keyword, a parameter or an attribute's name."""
    if node.value != name:
        return False
    parent = source.parents.get(node)
    if isinstance(parent, (cst.Arg, cst.Param)) and (getattr(parent, "keyword", None) is node or
                                                     getattr(parent, "name", None) is node):
        return False
    if isinstance(parent, cst.Attribute) and parent.attr is node:
        return False
    if isinstance(parent, (cst.AssignTarget, cst.AnnAssign)) and parent.target is node:
        return False
    return not isinstance(parent, (cst.FunctionDef, cst.ClassDef, cst.ImportAlias))


class CheckpointMapLocation(Rule):
    categories = ("checkpoint.cuda_storage",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _cpu_map_location(diagnosis, workspace)
