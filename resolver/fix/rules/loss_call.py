"""Loss-call contracts: what a loss is given, how it is built, and what `backward()` gets.

| error | contract | the edit |
|---|---|---|
| `0D or 1D target tensor expected, multi-target not supported` | class-index targets are (N,) | the column slice that made them (`t[:, -1:]` -> `t[:, -1]`), or the one-element list a sample's label is wrapped in (`torch.tensor([k])` -> `torch.tensor(k)`), else `.squeeze(1)` on the target |
| `Target size ... must be the same as input size` | BCE input and target shapes agree | `.squeeze(-1)` on the (N, 1) side: in the model's `forward` when a project model returns it, else at the loss call |
| `grad can be implicitly created only for scalar outputs` | `backward()` gets a scalar | `.mean()` where the loss is made: the loss class's `forward` return, or the return of the one project loss it calls that does not reduce (a multi-task `total, parts`), or the value assigned; never on a returned tuple or dict |
| a loss class's `__init__` called with tensors (`Boolean value of Tensor ... ambiguous`) | a loss is built, then called | `()` where the class is taken (`nn.MSELoss(a, b)` -> `nn.MSELoss()(a, b)`, `return LOSSES[name]` -> `return LOSSES[name]()`) |
| `'Tensor' object is not callable` after `criterion = criterion(...)` | the loss function keeps its name | the result gets its own name (`loss`), and its later uses with it |
| `Expected target size [N, C], got [N, T]` | per-step logits are (N, C, T) | `.transpose(1, 2)` on the (N, T, C) logits at the loss call |
| `Target 9 is out of bounds` | labels are 0..C-1 for C outputs | labels 1..C over the whole dataset (the probe scans it): `- 1` where they are made; labels 0..C: the one class-count setting that says C (config file, constant, default) becomes C+1; anything else: nothing. C is the logits' width, else (logits never named) the largest label when it is the failing target and every class-count setting says it |

The tensors are followed back with _origin.py, across files."""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._origin import Step, Tracer, argument, last_name
from resolver.fix.rules._project import config_file_edits
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames, wrap
from resolver.write.edits import Edit, Workspace

CLASS_COUNT_NAMES = ("num_classes", "n_classes", "nclasses", "num_class", "n_class", "num_labels", "n_labels",
                     "classes", "num_outputs")
CLASS_COUNT = rf"(?:{'|'.join(CLASS_COUNT_NAMES)})"
OUT_OF_BOUNDS = re.compile(r"Target (-?\d+) is out of bounds")
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
        fact = (frame.tensors.get(target.value) if isinstance(target, cst.Name) else None) or _loss_input(diagnosis, 1)
        if fact is not None and (len(fact.shape) != 2 or fact.shape[1] != 1):
            continue
        chain = tracer.chain(source, target, frame)
        for at, step in enumerate(chain):
            column = _kept_column(step.node)
            if column is not None:
                new = step.node.with_changes(slice=[*step.node.slice[:-1], step.node.slice[-1].with_changes(
                    slice=cst.Index(cst.parse_expression(column)))])
                yield _edit(step.source, step.node, new, "where the label column is taken: class-index targets are (N,), "
                            "a one-column slice keeps them (N, 1)")
                return
            label = _listed_label(step.node)
            if label is not None and any(s.role == "sample" for s in chain[:at]):
                new = step.node.with_changes(args=[step.node.args[0].with_changes(value=label), *step.node.args[1:]])
                yield _edit(step.source, step.node, new, "where the sample's label is made: a label in a one-element "
                            "list is a (1,) tensor, and the batch of them is (N, 1); class-index targets are (N,)")
                return
        if fact is not None:
            new = wrap(source.module.code_for_node(target), ".squeeze(1)")
            yield _edit(source, target, new, "in the loss call: class-index targets are (N,), not (N, 1)")
            return


def _loss_input(diagnosis: Diagnosis, position: int):
    """What the failing loss module was given at `position` (0 input, 1 target), when one raised."""
    module = diagnosis.module
    if module is not None and module.class_name.endswith("Loss") and len(module.inputs) > position:
        return module.inputs[position]
    return None


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


# Conversions that make a 0-d value of a scalar (`torch.LongTensor(k)` would make k elements instead).
SCALAR_CONVERSIONS = {"tensor", "as_tensor", "array", "asarray"}


def _listed_label(node) -> cst.BaseExpression | None:
    """`torch.tensor([k])` / `np.array([k], dtype=...)`: the one element the list wraps."""
    if not isinstance(node, cst.Call) or last_name(node.func) not in SCALAR_CONVERSIONS or not node.args:
        return None
    first = node.args[0]
    if first.keyword is not None or first.star or not isinstance(first.value, (cst.List, cst.Tuple)):
        return None
    elements = first.value.elements
    if len(elements) != 1 or isinstance(elements[0], cst.StarredElement):
        return None
    label = elements[0].value
    # a nested literal or comprehension is a row of labels, not one label
    if isinstance(label, (cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp, cst.Set, cst.Dict)):
        return None
    return label


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
            for other in tracer.project_sources():
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
        if made is not None and not (isinstance(made.node.func, cst.Attribute) and last_name(made.node.func) == "mean"):
            forward = _class_method(tracer, made.source, made.node.func, frame, "forward")
            if forward is not None:
                # a project loss class: reduce where the per-sample losses are made, which may be a
                # loss it calls (a multi-task sum of parts), never on the tuple or dict it returns
                found = _unreduced_return(tracer, *forward, made.path)
                if found is not None:
                    where, value = found
                    new = wrap(where.module.code_for_node(value), ".mean()")
                    yield _edit(where, value, new, "where the per-sample losses are returned: backward() needs a "
                                "scalar, and they were not reduced")
                return
        step = chain[1] if len(chain) > 1 and chain[1].source is source else chain[0]
        if step.path:  # one element of what a call returned (`loss, parts = ...`): no tensor to call .mean() on
            return
        new = wrap(step.source.module.code_for_node(step.node), ".mean()")
        yield _edit(step.source, step.node, new, "where the loss is made: backward() needs a scalar, and the "
                    "per-sample losses were not reduced")
        return


# torch losses that reduce unless told `reduction="none"`
LOSS_FUNCTIONS = re.compile(r"(_loss|cross_entropy|cross_entropy_with_logits|kl_div)$")
REDUCTIONS = {"mean", "sum", "nanmean", "nansum"}
MAX_DEPTH = 3


def _unreduced_return(tracer: Tracer, function: cst.FunctionDef, where: Source, path: tuple,
                      depth: int = 0) -> tuple[Source, cst.BaseExpression] | None:
    """(file, expression) of the one return that gives a loss per sample, in `function` or in the one
    project loss it calls that does; None when it is not exactly one or the function reduces."""
    returns = [n for n in where.nodes(cst.Return) if where.enclosing(n, cst.FunctionDef) is function]
    if len(returns) != 1 or returns[0].value is None or depth > MAX_DEPTH:
        return None
    value = _element(returns[0].value, path)
    if value is None or isinstance(value, (cst.Tuple, cst.List, cst.Dict)):
        return None
    found = {}
    for part, part_source in _called_losses(tracer, function, where):
        inner = _unreduced_return(tracer, part, part_source, (), depth + 1)
        if inner is not None:
            found[id(inner[1])] = inner
    if len(found) == 1:
        return next(iter(found.values()))
    if found or _reduces(where, function):
        return None
    return where, value


def _element(value: cst.BaseExpression, path: tuple) -> cst.BaseExpression | None:
    """The part of a returned `total, parts` (or `{"loss": total, ...}`) that the caller took
    (`loss, parts = criterion(...)`, `criterion(...)["loss"]`)."""
    for key in path:
        if isinstance(value, (cst.Tuple, cst.List)) and isinstance(key, int) \
                and -len(value.elements) <= key < len(value.elements):
            value = value.elements[key].value
        elif isinstance(value, cst.Dict) and isinstance(key, str):
            value = next((e.value for e in value.elements if isinstance(e, cst.DictElement)
                          and isinstance(e.key, cst.SimpleString) and e.key.evaluated_value == key), None)
            if value is None:
                return None
        else:
            return None
    return value


def _called_losses(tracer: Tracer, function: cst.FunctionDef,
                   where: Source) -> Iterator[tuple[cst.FunctionDef, Source]]:
    """The project losses `function` calls: instances of a `...Loss` class of the project (their
    forward), and project functions named `...loss...`."""
    for call in where.nodes(cst.Call, lambda c: where.enclosing(c, cst.FunctionDef) is function):
        name = last_name(call.func) or ""
        if isinstance(call.func, cst.Attribute) and not _is_self_attribute(call.func) or name in REDUCTIONS:
            continue
        method = _class_method(tracer, where, call.func, None, "forward")
        if method is not None:
            klass = method[1].enclosing(method[0], cst.ClassDef)
            if klass is not None and klass.name.value.lower().endswith("loss"):
                yield method
            continue
        if isinstance(call.func, cst.Name) and "loss" in name.lower():
            functions = [(f, s) for s in tracer.project_sources() for f in s.nodes(cst.FunctionDef)
                         if f.name.value == name and s.enclosing(f, cst.ClassDef) is None]
            if len(functions) == 1:
                yield functions[0]


def _is_self_attribute(node: cst.Attribute) -> bool:
    return isinstance(node.value, cst.Name) and node.value.value == "self"


def _reduces(where: Source, function: cst.FunctionDef) -> bool:
    """The function reduces over the batch somewhere: `x.mean()`, `torch.sum(x)`, or a torch loss
    left at its default reduction (a reduction it cannot read counts as one: unsure)."""
    for call in where.nodes(cst.Call, lambda c: where.enclosing(c, cst.FunctionDef) is function):
        name = last_name(call.func) or ""
        positional = [a for a in call.args if a.keyword is None]
        keywords = {a.keyword.value for a in call.args if a.keyword is not None}
        if name in REDUCTIONS and isinstance(call.func, cst.Attribute) and not keywords & {"dim", "axis"}:
            receiver = where.code(call.func.value)
            if not positional or (receiver in ("torch", where.torch) and len(positional) == 1):
                return True
        if LOSS_FUNCTIONS.search(name):
            reduction = argument(call, 99, "reduction")
            unreduced = isinstance(reduction, cst.SimpleString) and reduction.evaluated_value == "none"
            if not unreduced:
                return True
    return False


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
        if target is None:
            continue
        chain = tracer.chain(source, target, frame)
        at = next((i for i, s in enumerate(chain) if s.role == "sample" and s.path), None)
        if at is None or at + 1 >= len(chain):
            return
        low, high = loader.sample_ranges.get(str(chain[at].path[0]), (None, None))
        classes = _class_count(diagnosis, frame, logits)
        if classes is None and high is not None:
            classes = _declared_class_count(tracer, diagnosis, high)
        if classes is None:
            continue
        if (low, high) == (1, classes):
            # the first label itself (not the list or tuple holding it) from where the dataset keeps it
            after = chain[at + 1:]
            stored = next((i for i, s in enumerate(after) if s.role == "stored"), 0)
            made = next((s for s in after[stored:] if not s.path), None)
            if made is None:
                return
            code = made.source.module.code_for_node(made.node)
            simple = isinstance(made.node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
            new = cst.parse_expression(f"{code if simple else f'({code})'} - 1")
            yield _edit(made.source, made.node, new, f"where the labels are made: they run 1..{classes} over the "
                        f"dataset, the model's {classes} outputs take 0..{classes - 1}")
        elif (low, high) == (0, classes):
            yield from _one_more_class(tracer, classes)
        return


def _class_count(diagnosis: Diagnosis, frame, logits) -> int | None:
    fact = (frame.tensors.get(logits.value) if isinstance(logits, cst.Name) else None) or _loss_input(diagnosis, 0)
    return fact.shape[1] if fact is not None and len(fact.shape) >= 2 else None


def _declared_class_count(tracer: Tracer, diagnosis: Diagnosis, high: int) -> int | None:
    """The class count when the logits' width is not at hand (`F.cross_entropy(model(x), y)`): `high`,
    when the failing target is the dataset's largest label and every class-count setting of the
    project says `high` (a head of `high` outputs, whose labels run to `high`)."""
    failing = OUT_OF_BOUNDS.search(diagnosis.message)
    if failing is None or int(failing[1]) != high:
        return None
    said = [node.evaluated_value for source in tracer.project_sources()
            for node in source.nodes(cst.Integer) if _names_class_count(source, node)]
    if any(value != high for value in said):
        return None
    if said or _config_class_counts(tracer, high, high, ""):
        return high
    return None


def _config_class_counts(tracer: Tracer, old: int, new: int, why: str) -> list[Edit]:
    keys = set(CLASS_COUNT_NAMES) | {name.upper() for name in CLASS_COUNT_NAMES}
    return config_file_edits(tracer.workspace, keys, old, new, why)


def _one_more_class(tracer: Tracer, classes: int) -> Iterator[Edit]:
    """The one place that sets the class count to `classes`, set to `classes + 1`; nothing when
    there is not exactly one."""
    found: list[Edit] = []
    why = (f": the labels run 0..{classes} over the dataset, {classes + 1} classes, and the model was built "
           f"with {classes} outputs")
    for source in tracer.project_sources():
        for node in source.nodes(cst.Integer, lambda n: n.evaluated_value == classes):
            if _names_class_count(source, node):
                found.append(_edit(source, node, cst.Integer(str(classes + 1)), f"where the class count is set{why}"))
    found += _config_class_counts(tracer, classes, classes + 1, f"(where the class count is set){why}")
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
    for call in _loss_calls(source, frame.line):
        logits = argument(call, 0, "input")
        fact = (frame.tensors.get(logits.value) if isinstance(logits, cst.Name) else None) or _loss_input(diagnosis, 0)
        if fact is None or fact.shape != (batch, steps, classes):
            continue
        new = wrap(source.module.code_for_node(logits), ".transpose(1, 2)")
        yield _edit(source, logits, new, f"in {source.code(call.func)}(...): the logits are (N, T, C) = "
                    f"{list(fact.shape)}, cross entropy takes the classes in dimension 1")
        return
