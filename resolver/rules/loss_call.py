"""Loss-call contracts: what a loss is given, how it is built, and what `backward()` gets.

| error | contract | the edit |
|---|---|---|
| `0D or 1D target tensor expected, multi-target not supported` | class-index targets are (N,) | the column slice that made them (`t[:, -1:]` -> `t[:, -1]`), else `.squeeze(1)` on the target |
| `Target size ... must be the same as input size` | BCE input and target shapes agree | `.squeeze(-1)` on the (N, 1) side: in the model's `forward` when a project model returns it, else at the loss call |
| `grad can be implicitly created only for scalar outputs` | `backward()` gets a scalar | `.mean()` where the loss is made: the loss class's `forward` return, or the value assigned |
| a loss class's `__init__` called with tensors (`Boolean value of Tensor ... ambiguous`) | a loss is built, then called | `()` where the class is taken (`nn.MSELoss(a, b)` -> `nn.MSELoss()(a, b)`, `return LOSSES[name]` -> `return LOSSES[name]()`) |
| `'Tensor' object is not callable` after `criterion = criterion(...)` | the loss function keeps its name | the result gets its own name (`loss`), and its later uses with it |
| `Expected target size [N, C], got [N, T]` | per-step logits are (N, C, T) | `.transpose(1, 2)` on the (N, T, C) logits at the loss call |
| `Target 9 is out of bounds` | labels are 0..C-1 for C outputs | labels 1..C over the whole dataset (the probe scans it): `- 1` where they are made; labels 0..C: the one class-count setting that says C (config file, constant, default) becomes C+1; anything else: nothing |

The tensors are followed back with _origin.py, across files."""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.rules._source import Source, user_frames, wrap
from resolver.diagnosis import Diagnosis
from resolver.edits import Change, Edit, Workspace
from resolver.rules._origin import Step, Tracer, argument, last_name
from resolver.rules._rule import Rule

CLASS_COUNT = r"(?:num_classes|n_classes|nclasses|num_class|n_class|num_labels|n_labels|classes|num_outputs)"
CONFIG_SUFFIXES = {".json", ".yaml", ".yml", ".toml", ".cfg", ".ini"}
TARGET_SIZE = re.compile(r"Expected target size \[(\d+), (\d+)\], got \[(\d+), (\d+)\]")
SIZES = re.compile(r"(?:Target size|Using a target size) \(torch\.Size\(\[([\d, ]*)\]\)\)"
                   r" (?:must be the same as|that is different to the) input size \(torch\.Size\(\[([\d, ]*)\]\)\)")


def _shape(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.split(",") if n.strip())


class LossCall(Rule):
    categories = ("loss.multi_target", "shape.broadcast", "autograd.nonscalar_backward",
                  "tensor.ambiguous_truth", "type.tensor_not_callable", "loss.target_out_of_bounds",
                  "loss.target_size")

    def matches(self, diagnosis: Diagnosis) -> bool:
        if diagnosis.category == "tensor.ambiguous_truth":
            return _loss_constructor_frame(diagnosis)
        return diagnosis.category in self.categories

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        tracer = Tracer(diagnosis, workspace)
        contract = {
            "loss.multi_target": _column_target,
            "shape.broadcast": _trailing_one,
            "autograd.nonscalar_backward": _reduce_loss,
            "tensor.ambiguous_truth": _build_loss,
            "type.tensor_not_callable": _rebound_name,
            "loss.target_out_of_bounds": _label_range,
            "loss.target_size": _classes_last,
        }[diagnosis.category]
        for frame, source in user_frames(diagnosis, workspace):
            edits = list(contract(diagnosis, tracer, frame, source))
            if edits:
                yield from edits
                return


def _loss_calls(source: Source, line: int) -> list[cst.Call]:
    """Calls on the line that take (input, target), innermost first."""
    return [c for c in reversed(source.on_line(cst.Call, line))
            if len([a for a in c.args if a.keyword is None and not a.star]) >= 2 or argument(c, 1, "target") is not None]


def _column_target(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    for call in _loss_calls(source, frame.line):
        target = argument(call, 1, "target")
        fact = frame.tensors.get(target.value) if isinstance(target, cst.Name) else None
        if fact is not None and (len(fact.shape) != 2 or fact.shape[1] != 1):
            continue
        for step in tracer.chain(source, target, frame):
            column = _kept_column(step.node)
            if column is not None:
                new = step.node.with_changes(slice=[*step.node.slice[:-1], step.node.slice[-1].with_changes(
                    slice=cst.Index(cst.parse_expression(column)))])
                yield _edit(step.source, step.node, new, "where the label column is taken: class-index targets are (N,), "
                            "a one-column slice keeps them (N, 1)")
                return
        if fact is not None:
            new = wrap(source.module.code_for_node(target), ".squeeze(1)")
            yield _edit(source, target, new, "in the loss call: class-index targets are (N,), not (N, 1)")
            return


def _kept_column(node) -> str | None:
    """`t[:, -1:]` / `t[:, 4:5]`: the column slice that keeps a dimension of 1; its index."""
    if not isinstance(node, cst.Subscript) or len(node.slice) < 2 or not isinstance(node.slice[-1].slice, cst.Slice):
        return None
    piece = node.slice[-1].slice
    code = lambda n: None if n is None else cst.Module([]).code_for_node(n)
    lower, upper = code(piece.lower), code(piece.upper)
    if piece.step is not None or lower is None:
        return None
    if lower == "-1" and upper is None:
        return "-1"
    if lower.isdigit() and upper is not None and upper.isdigit() and int(upper) == int(lower) + 1:
        return lower
    return None


def _trailing_one(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    match = SIZES.search(diagnosis.message)
    if not match:
        return
    target, given = _shape(match[1]), _shape(match[2])
    if given == target + (1,):
        index = 0  # the model's output has the extra dimension
    elif target == given + (1,):
        index = 1
    else:
        return
    for call in _loss_calls(source, frame.line):
        value = argument(call, index, "input" if index == 0 else "target")
        if value is None:
            continue
        if index == 0:
            returned = _model_return(tracer, source, value, frame)
            if returned is not None:
                new = wrap(returned.source.module.code_for_node(returned.node), ".squeeze(-1)")
                yield _edit(returned.source, returned.node, new, f"where the model returns its output: it is "
                            f"{list(given)} against the target's {list(target)}; one value per sample is (N,)")
        new = wrap(source.module.code_for_node(value), ".squeeze(-1)")
        yield _edit(source, value, new, f"in {source.code(call.func)}(...): input {list(given)} and target "
                    f"{list(target)} differ by a trailing dimension of 1")
        return


def _model_return(tracer: Tracer, source: Source, value, frame) -> Step | None:
    """The return value of the project model's forward, when `value` is `model(x)` (or a name bound to it)."""
    chain = tracer.chain(source, value, frame)
    call = next((s for s in chain if isinstance(s.node, cst.Call)), None)
    if call is None:
        return None
    forward = _class_method(tracer, call.source, call.node.func, frame, "forward")
    if forward is None:
        return None
    returns = [n for n in forward[1].nodes(cst.Return) if forward[1].enclosing(n, cst.FunctionDef) is forward[0]]
    if len(returns) != 1 or returns[0].value is None:
        return None
    return Step(forward[1], returns[0].value, "returned")


def _class_method(tracer: Tracer, source: Source, instance, frame, method: str):
    """(FunctionDef, Source) of `method` in the project class whose instance `instance` names."""
    for step in tracer.chain(source, instance, frame):
        node = step.node
        if isinstance(node, cst.Call) and (name := last_name(node.func)) and name[:1].isupper():
            for other in tracer._project_sources():
                for klass in other.nodes(cst.ClassDef, lambda c: c.name.value == name):
                    for function in other.nodes(cst.FunctionDef, lambda f: f.name.value == method):
                        if other.enclosing(function, cst.ClassDef) is klass:
                            return function, other
            return None
    return None


def _reduce_loss(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    for call in reversed(source.on_line(cst.Call, frame.line)):
        if last_name(call.func) != "backward" or not isinstance(call.func, cst.Attribute) or call.args:
            continue
        loss = call.func.value
        chain = tracer.chain(source, loss, frame)
        made = next((s for s in chain if isinstance(s.node, cst.Call)), None)
        if made is not None:
            forward = _class_method(tracer, made.source, made.node.func, frame, "forward") \
                if not isinstance(made.node.func, cst.Attribute) or last_name(made.node.func) != "mean" else None
            if forward is not None:
                function, where = forward
                returns = [n for n in where.nodes(cst.Return) if where.enclosing(n, cst.FunctionDef) is function]
                if len(returns) == 1 and returns[0].value is not None:
                    value = returns[0].value
                    new = wrap(where.module.code_for_node(value), ".mean()")
                    yield _edit(where, value, new, "where the loss class returns its loss: backward() needs a "
                                "scalar, and the per-sample losses were not reduced")
                    return
        step = chain[1] if len(chain) > 1 and chain[1].source is source else chain[0]
        new = wrap(step.source.module.code_for_node(step.node), ".mean()")
        yield _edit(step.source, step.node, new, "where the loss is made: backward() needs a scalar, and the "
                    "per-sample losses were not reduced")
        return


def _loss_constructor_frame(diagnosis: Diagnosis) -> bool:
    """The error was raised inside a torch loss class's constructor: it was called with tensors."""
    return any(not f.user and f.function == "__init__" and f.file.as_posix().endswith("nn/modules/loss.py")
               for f in diagnosis.frames)


def _build_loss(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    for call in reversed(source.on_line(cst.Call, frame.line)):
        if len([a for a in call.args if a.keyword is None]) < 2:
            continue
        for step in tracer.chain(source, call.func, frame):
            node = step.node
            if isinstance(node, (cst.Attribute, cst.Name)) and (last_name(node) or "").endswith("Loss"):
                new = cst.Call(node)
                yield _edit(step.source, node, new, "where the loss class is taken: a loss is built once, then "
                            "called with (input, target)")
                return
            if isinstance(node, cst.Subscript) and _holds_loss_classes(tracer, step):
                yield _edit(step.source, node, cst.Call(node), "where the loss class is looked up: a loss is built "
                            "once, then called with (input, target)")
                return


def _holds_loss_classes(tracer: Tracer, step: Step) -> bool:
    chain = tracer.chain(step.source, step.node.value, None)
    table = chain[-1].node
    return isinstance(table, cst.Dict) and bool(table.elements) and all(
        isinstance(e, cst.DictElement) and (last_name(e.value) or "").endswith("Loss") for e in table.elements)


def _rebound_name(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    for call in reversed(source.on_line(cst.Call, frame.line)):
        if not isinstance(call.func, cst.Name):
            continue
        name = call.func.value
        function = source.enclosing(call, cst.FunctionDef)
        scope = function if function is not None else source.module
        rebinding = [a for a in source.nodes(cst.Assign) if _rebinds(a, name)
                     and source.enclosing(a, cst.FunctionDef) is function]
        if len(rebinding) != 1:
            continue
        assign = rebinding[0]
        taken = {n.value for n in source.nodes(cst.Name) if source.enclosing(n, cst.FunctionDef) is function}
        new_name = next(n for n in ("loss", "loss_value", f"{name}_value", f"{name}_result") if n not in taken)
        start = source.line_of(assign)
        end = source.positions[scope].end.line  # the result is read after its loop too (`print(loss.item())`)
        uses = [n for n in source.nodes(cst.Name, lambda n: n.value == name)
                if start <= source.line_of(n) <= end and not _called(source, n) and n is not call.func]
        module = source.module
        replacements = {n: cst.Name(new_name) for n in uses}
        new_module = module.visit(_Renamer(replacements))
        reason = (f"Changed `{name} = {name}(...)` to `{new_name} = {name}(...)` and its later uses: the result "
                  f"took the loss function's name, so the next call of {name}(...) called a tensor")
        yield source.edit(new_module.code, start, reason)
        return


def _rebinds(assign: cst.Assign, name: str) -> bool:
    return (len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name)
            and assign.targets[0].target.value == name and isinstance(assign.value, cst.Call)
            and isinstance(assign.value.func, cst.Name) and assign.value.func.value == name)


def _called(source: Source, node: cst.Name) -> bool:
    parent = source.parents.get(node)
    return isinstance(parent, cst.Call) and parent.func is node


class _Renamer(cst.CSTTransformer):
    def __init__(self, replacements: dict):
        super().__init__()
        self.replacements = replacements

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        return self.replacements.get(original, updated)


def _edit(source: Source, old: cst.CSTNode, new: cst.CSTNode, why: str) -> Edit:
    reason = f"Changed {source.code(old)} to {' '.join(source.module.code_for_node(new).split())} {why}"
    return source.edit(source.replaced(old, new), source.line_of(old), reason)


def _label_range(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    """A target index out of bounds: 1-based labels, or a head one class short, told apart by the
    labels the whole dataset holds."""
    loader = diagnosis.loader
    if loader is None or not loader.sample_ranges:
        return
    for call in _loss_calls(source, frame.line):
        logits, target = argument(call, 0, "input"), argument(call, 1, "target")
        classes = _class_count(diagnosis, frame, logits)
        if classes is None or target is None:
            continue
        chain = tracer.chain(source, target, frame)
        at = next((i for i, s in enumerate(chain) if s.role == "sample" and s.path), None)
        if at is None or at + 1 >= len(chain):
            return
        low, high = loader.sample_ranges.get(str(chain[at].path[0]), (None, None))
        if (low, high) == (1, classes):
            made = next((s for s in chain[at + 1:] if s.role == "stored"), chain[at + 1])
            code = made.source.module.code_for_node(made.node)
            simple = isinstance(made.node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
            new = cst.parse_expression(f"{code if simple else f'({code})'} - 1")
            yield _edit(made.source, made.node, new, f"where the labels are made: they run 1..{classes} over the "
                        f"dataset, the model's {classes} outputs take 0..{classes - 1}")
        elif (low, high) == (0, classes):
            yield from _one_more_class(tracer, classes)
        return


def _class_count(diagnosis: Diagnosis, frame, logits) -> int | None:
    fact = frame.tensors.get(logits.value) if isinstance(logits, cst.Name) else None
    module = diagnosis.module
    if fact is None and module is not None and module.class_name.endswith("Loss") and module.inputs:
        fact = module.inputs[0]
    return fact.shape[1] if fact is not None and len(fact.shape) >= 2 else None


def _one_more_class(tracer: Tracer, classes: int) -> Iterator[Edit]:
    """The one place that sets the class count to `classes`, set to `classes + 1`; nothing when
    there is not exactly one."""
    found: list[Edit] = []
    why = (f": the labels run 0..{classes} over the dataset, {classes + 1} classes, and the model was built "
           f"with {classes} outputs")
    for source in tracer._project_sources():
        for node in source.nodes(cst.Integer, lambda n: n.evaluated_value == classes):
            if _names_class_count(source, node):
                found.append(_edit(source, node, cst.Integer(str(classes + 1)), f"where the class count is set{why}"))
    root = tracer.workspace.project
    pattern = re.compile(rf"^(\s*[\"']?{CLASS_COUNT}[\"']?\s*[:=]\s*){classes}(\s*,?\s*(?:#.*)?)$", re.IGNORECASE)
    for path in sorted(p for p in root.rglob("*") if p.suffix in CONFIG_SUFFIXES and p.is_file()
                       and not {".git", ".venv", "venv", "site-packages"} & set(p.relative_to(root).parts)):
        text = tracer.workspace.text(path)
        lines = text.splitlines(keepends=True)
        for number, line in enumerate(lines):
            body = line.rstrip("\r\n")
            match = pattern.match(body)
            if match:
                new = lines[:number] + [f"{match[1]}{classes + 1}{match[2]}{line[len(body):]}"] + lines[number + 1:]
                reason = (f"Changed {body.strip().rstrip(',')} to {match[1].strip()} {classes + 1} in {path.name}: where the "
                          f"class count is set{why}")
                found.append(Edit((Change(path.resolve(), text, "".join(new)),), number + 1, reason))
    if len(found) == 1:
        yield found[0]


def _names_class_count(source: Source, node: cst.Integer) -> bool:
    """`num_classes = 9`, `num_classes: int = 9`, `num_classes=9`, `"num_classes": 9`,
    `add_argument("--num-classes", default=9)`."""
    parent = source.parents.get(node)
    named = re.compile(rf"^{CLASS_COUNT}$", re.IGNORECASE)
    if isinstance(parent, (cst.Assign, cst.AnnAssign)):
        targets = [t.target for t in parent.targets] if isinstance(parent, cst.Assign) else [parent.target]
        return any(named.match(last_name(t) or "") for t in targets)
    if isinstance(parent, cst.DictElement):
        return bool(named.match(_text(parent.key)))
    if isinstance(parent, cst.Arg) and parent.keyword is not None:
        if named.match(parent.keyword.value):
            return True
        call = source.parents.get(parent)
        if parent.keyword.value == "default" and isinstance(call, cst.Call) and call.args:
            flag = _text(call.args[0].value).lstrip("-").replace("-", "_")
            return bool(named.match(flag))
    return False


def _text(node) -> str:
    value = getattr(node, "evaluated_value", None)
    return value if isinstance(value, str) else ""


def _classes_last(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    """(N, T, C) sequence logits with (N, T) targets: cross entropy wants the classes second."""
    match = TARGET_SIZE.search(diagnosis.message)
    if not match:
        return
    batch, classes, _, steps = (int(n) for n in match.groups())
    module = diagnosis.module
    for call in _loss_calls(source, frame.line):
        logits = argument(call, 0, "input")
        fact = frame.tensors.get(logits.value) if isinstance(logits, cst.Name) else None
        if fact is None and module is not None and module.class_name.endswith("Loss") and module.inputs:
            fact = module.inputs[0]
        if fact is None or fact.shape != (batch, steps, classes):
            continue
        new = wrap(source.module.code_for_node(logits), ".transpose(1, 2)")
        yield _edit(source, logits, new, f"in {source.code(call.func)}(...): the logits are (N, T, C) = "
                    f"{list(fact.shape)}, cross entropy takes the classes in dimension 1")
        return
