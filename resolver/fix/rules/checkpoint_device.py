"""Checkpoint and device contracts, each fixed where the choice is made:

| contract | symptom | edit |
|---|---|---|
| a device is CUDA only where CUDA exists | `Torch not compiled with CUDA enabled`, `Found no NVIDIA driver on your system`, `No CUDA GPUs are available` | each hard-coded `"cuda"`/`"cuda:N"` in the failing function (or, when the failing line only uses a device, in the constant, default or config default that makes it, also as `torch.device("cuda")` in a parameter default or a dataclass `default_factory` lambda) -> `"cuda" if torch.cuda.is_available() else "cpu"`; `x.cuda()` -> `x.to(device)` when the code already computes a `device`, else to the guarded literal |
| a checkpoint loads where this machine can hold it | `Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False` | the CUDA `map_location` -> `"cpu"` where it is written (literal, parameter default, argparse default, config-file line), when nothing but the load reads it; a shared device value gets the guard in Python, nothing in a config file; a load with no `map_location` gets `map_location="cpu"` when what it returns goes to `load_state_dict` (and is otherwise read only item by item), else `"cuda" if torch.cuda.is_available() else "cpu"` (a whole pickled model keeps CUDA where there is one) |
| a state dict's keys are the model's | `Missing key(s) in state_dict: "fc.weight" ... Unexpected key(s) in state_dict: "module.fc.weight"` (saved from DataParallel/DDP, `torch.compile` or an EMA/SWA `AveragedModel`, whose `n_averaged` comes along), or `Missing key(s)` alone when a part is picked out of such a dict | where this run took the wrapper's `state_dict` (the probe saw the line) and the missing keys are the wrapped model's: `(m.module if isinstance(m, torch.nn.DataParallel) else m).state_dict()` (`ema.module.state_dict()` for an AveragedModel, a wrapper by construction); else the dict handed to `load_state_dict` -> `{k.removeprefix("module."): v for k, v in sd.items()}`, only when every unexpected key is a missing key behind one `module.`/`_orig_mod.` prefix |
| `load_state_dict` gets a state dict | `Missing key(s) ... Unexpected key(s) in state_dict: "epoch", "model_state_dict", "optimizer_state_dict"`: a whole training checkpoint, no key with a dot | the dict handed to `load_state_dict` -> `ckpt["model_state_dict"]` (the entry such checkpoints keep the weights under: `model_state_dict`, `state_dict`, `model`, ...) |
| a fine-tuned head keeps its own size | `size mismatch for fc.weight: copying a param with shape torch.Size([10, 64]) from checkpoint, the shape in current model is torch.Size([3, 64])`, one module differing only in its output dimension | the dict handed to `load_state_dict` -> `{**sd, **{k: v for k, v in model.state_dict().items() if k.startswith("fc.")}}`: the head keeps its fresh weights, the load stays strict |
| `torch.load` of the project's own checkpoint may unpickle what the project pickled | `Weights only load failed ... Unsupported global: GLOBAL argparse.Namespace` | `weights_only=False` on that `torch.load`, only when the project itself writes checkpoints (`torch.save` in its source) |

Why `weights_only=False` and not `torch.serialization.add_safe_globals([...])`: the file was written by
the same project, so it is as trusted as the code that loads it, and the failing global is rarely the
only one (a Namespace holds paths, a dataclass holds enums). Allow-listing is the answer for files from
elsewhere; for those (no `torch.save` in the project) the rule proposes nothing, and a load that asks
for `weights_only=True` by name is left as the user wrote it. A device read from a YAML/JSON file is
not in the Python the rule edits: nothing is proposed."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._origin import Tracer, argument
from resolver.fix.rules._project import (
    config_file_edits,
    replaced_all,
    sources_mentioning,
)
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, keyword_arg, method_call, user_frames
from resolver.write.edits import Edit, Workspace

CUDA = re.compile(r"cuda(:\d+)?")
LOADERS = frozenset({"torch.load", "torch.serialization.load"})
SAVERS = frozenset({"torch.save", "torch.serialization.save"})
WRAPPER_CLASSES = {"DataParallel": "nn.DataParallel", "DistributedDataParallel": "nn.parallel.DistributedDataParallel"}
MAX_ORIGINS = 4  # hard-coded device defaults fixed in one edit


def _cuda_literal(source: Source, node: cst.CSTNode) -> bool:
    """A `"cuda"`/`"cuda:0"` string that chooses a device: not compared against, not already
    one branch of a conditional."""
    if not isinstance(node, cst.SimpleString):
        return False
    value = ast.literal_eval(node.value)
    if not isinstance(value, str) or not CUDA.fullmatch(value):
        return False
    return source.enclosing(node, (cst.Comparison, cst.IfExp, cst.Subscript, cst.DictElement)) is None


def _cuda_call(node: cst.CSTNode) -> bool:
    """`x.cuda()` or `x.cuda(0)`."""
    return method_call(node, "cuda") and all(isinstance(a.value, cst.Integer) and not a.keyword for a in node.args) \
        and len(node.args) <= 1


def _guarded(source: Source, literal: str) -> cst.BaseExpression:
    return cst.parse_expression(f'{literal} if {source.torch}.cuda.is_available() else "cpu"')


def _device_name(source: Source, function: cst.FunctionDef | None) -> str | None:
    """A name the code already binds to its device (`device`, `self.device`) in the function or the module."""
    scope = function if function is not None else source.module
    params = [p.name.value for p in function.params.params] if function is not None else []
    bound = {*params, *(source.code(t.target) for a in source.nodes(cst.Assign, lambda a: _in_scope(source, a, scope))
                        for t in a.targets)}
    return next((n for n in ("device", "self.device", "dev") if n in bound), None)


def _in_scope(source: Source, node: cst.CSTNode, scope: cst.CSTNode) -> bool:
    """`node` belongs to `scope`'s own namespace: anywhere in the module, or in the function and not a nested one."""
    return scope is source.module or source.enclosing(node, cst.FunctionDef) is scope


def _replacements(source: Source, nodes: list[cst.CSTNode]) -> dict[cst.CSTNode, cst.CSTNode]:
    swaps = {}
    for node in nodes:
        if isinstance(node, cst.SimpleString):
            swaps[node] = _guarded(source, node.value)
            continue
        device = _device_name(source, source.function_of(node))
        index = node.args[0].value.value if node.args else None
        target = device or source.code(_guarded(source, f'"cuda:{index}"' if index else '"cuda"'))
        swaps[node] = cst.parse_expression(f"{source.code(node.func.value)}.to({target})") \
            if "\n" not in source.module.code_for_node(node.func.value) else node
    return {old: new for old, new in swaps.items() if new is not old}


def _cuda_sites(source: Source, scope: cst.CSTNode) -> list[cst.CSTNode]:
    return [n for n in source.nodes((cst.SimpleString, cst.Call), lambda n: _in_scope(source, n, scope))
            if _cuda_literal(source, n) or _cuda_call(n)]


def _hard_coded_cuda(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    for frame, source in user_frames(diagnosis, workspace):
        on_line = [n for n in source.on_line(cst.CSTNode, frame.line) if _cuda_literal(source, n) or _cuda_call(n)]
        if not on_line:
            continue
        function = source.function_of(on_line[0])
        swaps = _replacements(source, _cuda_sites(source, function or source.module) if function else on_line)
        if swaps:
            spelled = ", ".join(sorted({source.code(n) for n in swaps}))
            reason = (f"Chose the device where CUDA is available instead of {spelled}: this machine has no CUDA, "
                      "and the guard keeps CUDA where it is")
            yield source.edit(replaced_all(source.module, swaps), source.line_of(next(iter(swaps))), reason,
                              uses_torch=True)
        return
    yield from _device_origin(diagnosis, workspace)


def _device_origin(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """The failing line uses a device made elsewhere: the constants, defaults and config defaults
    that hard-code CUDA are where it is chosen."""
    frame = next((f for f in reversed(diagnosis.frames) if f.user), None)
    if frame is None:
        return
    origins = [(s, n) for s in sources_mentioning(workspace, r"""["']cuda(:\d+)?["']""")
               for n in s.nodes(cst.SimpleString, lambda n, s=s: _cuda_literal(s, n) and _chooses(s, n))]
    if not origins or len(origins) > MAX_ORIGINS:
        return
    changes, lines = [], []
    for source in dict.fromkeys(s for s, _ in origins):
        swaps = {n: _guarded(source, n.value) for s, n in origins if s is source}
        edit = source.edit(replaced_all(source.module, swaps), source.line_of(next(iter(swaps))), "", uses_torch=True)
        changes += edit.changes
        lines.append(edit.line)
    where = ", ".join(f"{s.path.name}:{s.line_of(n)}" for s, n in origins)
    yield Edit(tuple(changes), lines[0], f"Chose the device where CUDA is available at {where}, where the code "
                                         "hard-codes CUDA: this machine has none, and the guard keeps CUDA where it is")


def _chooses(source: Source, node: cst.SimpleString) -> bool:
    """The literal is a value something is set to: a constant, a default, a config field, also
    spelled `torch.device("cuda")` or made by a `lambda:` (a dataclass `field(default_factory=...)`)."""
    parent = source.parents.get(node)
    while True:
        if isinstance(parent, cst.Arg) and parent.keyword is None and source.calls(source.parents.get(parent), {"torch.device"}):
            node = source.parents[parent]
        elif isinstance(parent, cst.Lambda) and parent.body is node:
            node = parent
        else:
            break
        parent = source.parents.get(node)
    if isinstance(parent, (cst.Assign, cst.AnnAssign, cst.Param)):
        return True
    return isinstance(parent, cst.Arg) and parent.keyword is not None \
        and parent.keyword.value in {"default", "device", "default_factory"}


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
        value, why = source.code(_guarded(source, '"cuda"')), "the guard keeps CUDA where it is"
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
    if not (isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name)):
        return False
    name = parent.targets[0].target.value
    scope = source.function_of(load) or source.module
    reads = [n for n in source.nodes(cst.Name, lambda n: n.value == name)
             if _in_scope(source, n, scope) and n is not parent.targets[0].target]
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
        elif node is read and not (isinstance(parent, cst.ComparisonTarget) and isinstance(parent.operator, (cst.In, cst.NotIn))):
            return False  # the whole object, used as it is (not a key looked up in it)
    return loaded


def _map_to_cpu(source: Source, node: cst.CSTNode, only_for_loading: bool) -> Edit:
    if only_for_loading:
        new = cst.SimpleString('"cpu"')
        reason = (f"Loaded the checkpoint to the CPU instead of {source.code(node)}: this machine has no CUDA, and "
                  "load_state_dict moves each tensor to its parameter's device")
    else:
        new = _guarded(source, source.code(node))
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
    """The CUDA default of a command-line option read as `args.<key>`: `add_argument("--map-location", default="cuda")`."""
    found = []
    for call in source.nodes(cst.Call, lambda c: method_call(c, "add_argument")):
        flags = [a.value.evaluated_value for a in call.args if a.keyword is None and isinstance(a.value, cst.SimpleString)]
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
        return [key.evaluated_value] if isinstance(key, cst.SimpleString) and isinstance(key.evaluated_value, str) else []
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


def _trusted_load(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    if not any(s.calls(c, SAVERS) for s in sources_mentioning(workspace, r"\bsave\(") for c in s.nodes(cst.Call)):
        return  # the checkpoint comes from elsewhere: whether to trust its globals is the user's call
    for frame, source in user_frames(diagnosis, workspace):
        loads = [c for c in source.on_line(cst.Call, frame.line) if source.calls(c, LOADERS)]
        if not loads:
            continue
        call = loads[0]
        if any(a.keyword is not None and a.keyword.value == "weights_only" for a in call.args):
            return
        new = call.with_changes(args=[*call.args, keyword_arg("weights_only", "False")])
        reason = (f"Passed weights_only=False to {source.code(call.func)}: the checkpoint holds Python objects "
                  "beyond tensors, and it is written by this project's own torch.save, so it is trusted")
        yield source.edit(source.replaced(call, new), frame.line, reason)
        return


def _key_lists(message: str) -> tuple[list[str], list[str]]:
    lists = {kind: re.findall(r'"([^"]+)"', keys) for kind, keys in
             re.findall(r"(Missing|Unexpected) key\(s\) in state_dict: ([^\n]*)", message)}
    return lists.get("Missing", []), lists.get("Unexpected", [])


def _wrapper_prefix(message: str) -> str | None:
    """The one `module.`/`_orig_mod.` prefix (or a chain of them) that turns every missing key into an
    unexpected one, and every unexpected key into a missing one (a BatchNorm's num_batches_tracked,
    which a load does not miss, may be unexpected alone)."""
    missing, unexpected = _key_lists(message)
    if not missing or "size mismatch" in message:
        return None
    prefix = next((u[: len(u) - len(missing[0])] for u in unexpected if u.endswith(missing[0])), "")
    if not re.fullmatch(r"((module|_orig_mod)\.)+", prefix):
        return None
    stripped = {key.removeprefix(prefix) for key in unexpected if key.startswith(prefix)}
    if len(stripped) != len(unexpected) or not set(missing) <= stripped:
        return None
    return prefix if all(k in missing or k.endswith(".num_batches_tracked") for k in stripped) else None


def _unwrapped_at_save(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """The project took a wrapper's state_dict (the probe saw where) and the keys the load missed are
    the wrapped model's: the state is taken from the model inside the wrapper, where it is saved."""
    missing, _ = _key_lists(diagnosis.message)
    for taken in diagnosis.wrapped_state_dicts:
        if not missing or not _subtree_of(taken.keys, missing):
            continue
        source = Source.parse(workspace, taken.file)
        if source is None:
            continue
        calls = [c for c in source.on_line(cst.Call, taken.line) if not c.args and isinstance(c.func, cst.Attribute)
                 and c.func.attr.value == "state_dict" and isinstance(c.func.value, (cst.Name, cst.Attribute))
                 and source.line_of(c) == taken.line]
        if len(calls) != 1:
            continue
        held = source.code(calls[0].func.value)
        # an AveragedModel is made to be one (an EMA/SWA copy); a DataParallel wrap depends on the GPUs
        inner = (f'getattr({held}, "_orig_mod", {held})' if taken.attribute == "_orig_mod" else
                 f"{held}.module" if taken.wrapper == "AveragedModel" else
                 f"({held}.module if isinstance({held}, {source.torch}.{WRAPPER_CLASSES[taken.wrapper]}) else {held})")
        wrapper = "torch.compile" if taken.attribute == "_orig_mod" else taken.wrapper
        reason = (f"Saved the state of the model inside the {wrapper} wrapper ({held}.{taken.attribute}) at "
                  f"{source.path.name}:{taken.line}: the wrapper's state_dict prefixes every key with "
                  f"'{taken.attribute}.', so the checkpoint did not load into the bare model")
        yield source.edit(source.replaced(calls[0].func.value, cst.parse_expression(inner)), taken.line, reason,
                          uses_torch=taken.wrapper in WRAPPER_CLASSES)
        return


def _subtree_of(saved: tuple[str, ...], missing: list[str]) -> bool:
    """The missing keys are all the saved keys under one prefix ("" for the whole model, "encoder."
    for a part the load picked out), BatchNorm counters aside."""
    first = missing[0]
    for key in saved:
        prefix = key[: len(key) - len(first)]
        if key.endswith(first) and (not prefix or prefix.endswith(".")):
            under = {k[len(prefix):] for k in saved if k.startswith(prefix)}
            if set(missing) <= under and all(k in missing or k.endswith("num_batches_tracked") for k in under):
                return True
    return False


MISMATCH = re.compile(r"size mismatch for ([\w.]+): copying a param with shape torch.Size\(\[([\d, ]*)\]\) from "
                      r"checkpoint, the shape in current model is torch.Size\(\[([\d, ]*)\]\)")


def _output_head(message: str) -> str | None:
    """The one module whose weights differ from the checkpoint's only in their first (output)
    dimension: a head trained for another number of classes. A layer inside the model would
    also change the next layer's input dimension, which rules it out."""
    if re.search(r"(Missing|Unexpected) key\(s\)", message):
        return None
    heads, rows = set(), []
    for name, saved, current in MISMATCH.findall(message):
        saved, current = [int(d) for d in saved.split(",") if d.strip()], [int(d) for d in current.split(",") if d.strip()]
        if len(saved) != len(current) or not saved or saved[1:] != current[1:]:
            return None
        heads.add(name.rpartition(".")[0])
        rows.append((saved[0], current[0]))
    return heads.pop() if len(heads) == 1 and "" not in heads and len(set(rows)) == 1 else None


def _fresh_head(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    head = _output_head(diagnosis.message)
    if head is None:
        return
    saved, current = MISMATCH.search(diagnosis.message).group(2, 3)
    for frame, source in user_frames(diagnosis, workspace):
        load = _state_dict_load(source, frame.line)
        if load is None:
            continue
        if not isinstance(load.call.func.value, (cst.Name, cst.Attribute)):
            continue  # the model is read again for its own head: only a name can be read twice
        model = source.code(load.call.func.value)
        kept = cst.parse_expression(f'{{**{load.held}, **{{{load.key}: {load.value} for {load.key}, {load.value} in '
                                    f'{model}.state_dict().items() if {load.key}.startswith("{head}.")}}}}')
        reason = (f"Kept the model's own, freshly initialised {head} ({current.split(',')[0]} outputs) where the "
                  f"checkpoint holds one for {saved.split(',')[0]}: it was trained for another number of classes; "
                  f"every other weight still loads, strictly")
        yield source.edit(source.replaced(load.given, kept), frame.line, reason)
        return


def _stripped_prefix(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    prefix = _wrapper_prefix(diagnosis.message)
    if prefix is None:
        return
    for frame, source in user_frames(diagnosis, workspace):
        load = _state_dict_load(source, frame.line)
        if load is None:
            continue
        stripped = cst.parse_expression(f'{{{load.key}.removeprefix("{prefix}"): {load.value} '
                                        f'for {load.key}, {load.value} in {load.held}.items()}}')
        reason = (f"Stripped the {prefix!r} prefix from the keys given to {source.code(load.call.func)}: the state dict "
                  f"was saved from a wrapped model (DataParallel/DDP or torch.compile), and every key it holds is the "
                  f"model's own behind that prefix")
        yield source.edit(source.replaced(load.given, stripped), frame.line, reason)
        return


# the entry of a training checkpoint that holds the model's own state dict, most telling first
STATE_DICT_ENTRIES = ("model_state_dict", "state_dict", "model_state", "model", "net", "network", "weights",
                      "params", "model_dict")


def _entry_picked(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """A whole training checkpoint (`{"epoch": 3, "model_state_dict": ..., "optimizer_state_dict": ...}`)
    handed to `load_state_dict`: every key it has is unexpected and none has a dot (no parameter is
    named like that), and one of them is where such checkpoints keep the model's weights."""
    missing, keys = _key_lists(diagnosis.message)
    if not missing or not keys or any("." in key for key in keys):
        return
    entry = next((e for e in STATE_DICT_ENTRIES if e in keys), None)
    if entry is None:
        return
    for frame, source in user_frames(diagnosis, workspace):
        load = _state_dict_load(source, frame.line)
        if load is None:
            continue
        picked = cst.parse_expression(f'{load.held}["{entry}"]')
        reason = (f"Gave {source.code(load.call.func)} the checkpoint's \"{entry}\" entry instead of the whole "
                  f"checkpoint: it holds {', '.join(repr(k) for k in keys)}, and the model's weights are under \"{entry}\"")
        yield source.edit(source.replaced(load.given, picked), frame.line, reason)
        return


@dataclass(frozen=True)
class _Load:
    """`model.load_state_dict(sd)` on a failing line: the call, the dict it is given, that dict as
    an operand, and two names for a comprehension over it that the dict's code does not use."""

    call: cst.Call
    given: cst.BaseExpression
    held: str
    key: str
    value: str


def _state_dict_load(source: Source, line: int) -> _Load | None:
    loads = [c for c in source.on_line(cst.Call, line) if method_call(c, "load_state_dict") and c.args
             and c.args[0].keyword is None]
    if not loads:
        return None
    given = loads[0].args[0].value
    held = source.code(given) if isinstance(given, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)) \
        else f"({source.code(given)})"
    key, value = ("k", "v") if not {"k", "v"} & set(re.findall(r"\w+", held)) else ("key", "tensor")
    return _Load(loads[0], given, held, key, value)


class CheckpointDevice(Rule):
    categories = ("device.no_cuda", "checkpoint.cuda_storage", "checkpoint.weights_only", "checkpoint.key_prefix", "checkpoint.missing_keys",
                  "checkpoint.size_mismatch")

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for fix in FIXES[diagnosis.category]:
            yield from fix(diagnosis, workspace)


FIXES = {  # best first: the line that made a wrapped checkpoint, then the load of one made elsewhere
    "device.no_cuda": (_hard_coded_cuda,),
    "checkpoint.cuda_storage": (_cpu_map_location,),
    "checkpoint.weights_only": (_trusted_load,),
    "checkpoint.key_prefix": (_unwrapped_at_save, _stripped_prefix),
    "checkpoint.missing_keys": (_unwrapped_at_save, _entry_picked),
    "checkpoint.size_mismatch": (_fresh_head,),
}
