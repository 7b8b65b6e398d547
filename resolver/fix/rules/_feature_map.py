"""The width a Linear gets from a flattened feature map, as the code makes it.

After `Flatten`, a Linear receives channels x height x width features. Solving that number from
the one width observed (`nn.Linear(1024, n)`, or `spatial = 4` for `image_size // 4` while three
poolings halve the maps) holds only for today's image size and today's number of blocks. The
spatial size is made by the model's input size and the poolings between it and the flatten, so
it is written as that: `image_size // (2 ** len(channels))` where a loop adds one pooling block per
entry of `channels`, `img_size // 4` after two `MaxPool2d(2)`. The code must show the poolings
(layers of torch.nn in `forward`, in `nn.Sequential`s, in a project helper returning one, in a list
that a loop appends one block to per entry); the observed sizes (the model's input, the feature map
the Linear's `nn.Sequential` receives) must agree with them. Anything else (a user-defined block,
a stride from a setting, a convolution that changes the size) ends with nothing found."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Module
from resolver.fix.retarget import evaluate
from resolver.fix.rules._image_size import SIZE_NAME, stated_size
from resolver.fix.rules._producer import PASS_THROUGH, built_in_init, parenthesised, readable, self_call
from resolver.fix.rules._source import Source, argument, project_sources
from resolver.fix.rules._syntax import appended, empty_list, last_name, latest_binding, own_nodes
from resolver.write.edits import Edit, Workspace

MAX_DEPTH = 8
POOLS = {"MaxPool2d", "AvgPool2d"}
CONVOLUTIONS = {"Conv2d"}
SIZE_KEPT = PASS_THROUGH | {"BatchNorm2d", "ReLU6", "Hardswish", "GroupNorm", "InstanceNorm2d"}
FLATTENS = {"flatten", "view", "reshape"}
KEEPS_SIZE = {"relu", "gelu", "silu", "leaky_relu", "elu", "dropout", "dropout2d", "tanh", "sigmoid", "relu_",
              "mish", "contiguous"}
NAMESPACES = {"F", "torch", "functional", "nn"}


@dataclass(frozen=True)
class Halvings:
    """How much the layers divide the spatial size: `constant` times `base ** len(list)` for
    each (base, list code) of a loop that adds one block per entry of a list."""

    constant: int = 1
    loops: tuple[tuple[int, str], ...] = ()

    def times(self, other: Halvings) -> Halvings:
        return Halvings(self.constant * other.constant, self.loops + other.loops)

    def code(self) -> str:
        terms = [f"{base} ** len({code})" for base, code in self.loops]
        terms = ([str(self.constant)] if self.constant != 1 or not terms else []) + terms
        return terms[0] if len(terms) == 1 and not self.loops else f"({' * '.join(terms)})"

    def values(self, largest: int) -> dict[int, int]:
        """value -> entries per loop, for lists of 0..largest entries (one loop at most)."""
        if not self.loops:
            return {self.constant: 0}
        if len(self.loops) > 1:
            return {}
        return {self.constant * self.loops[0][0] ** n: n for n in range(largest + 1)}


@dataclass(frozen=True)
class _Model:
    source: Source
    klass: cst.ClassDef
    workspace: Workspace


def flattened_width(diagnosis: Diagnosis, workspace: Workspace, layer: Module, needed: int) -> list[Edit] | None:
    """The Linear's spatial factor written as the model's size setting divided by its poolings:
    where that factor is made (`spatial = image_size // 4`), else in the Linear's argument, its
    channel factor kept (`32 * (img_size // 4) * (img_size // 4)`; `hidden_units * 7 * 7` where
    nothing states the size). None when the Linear is not given a flattened square map of a square
    image; no edit when it is, a setting states the image size, and the code does not show how
    its poolings divide it (the `__init__` does not read that setting): today's literal would hold
    for today's size only, so the rule stops."""
    site = layer.site
    source = Source.parse(workspace, site.file) if site is not None and layer.class_name == "Linear" else None
    consumer = source and source.call_at(site)
    init = consumer and source.function_of(consumer)
    klass = init and source.enclosing(init, cst.ClassDef)
    arg = consumer and argument(consumer, 0, "in_features")
    if klass is None or init.name.value != "__init__" or arg is None:
        return None
    model = next((m for m in diagnosis.modules if m.class_name == klass.name.value and m.inputs and m.inputs[0]), None)
    shape = model.inputs[0].shape if model else ()
    place = _Model(source, klass, workspace)
    flattened = _flattened(place, layer) if len(shape) == 4 and shape[2] == shape[3] else None
    if flattened is None:
        return None
    size = shape[2]
    setting = _size_setting(source, init, site, size)
    stop = [] if setting or stated_size(workspace, size) else None
    forward, given, layers = flattened
    halvings = _trace(place, forward, given, 0)
    for built in layers:
        halvings = halvings and (here := _layer(place, built, 0)) and halvings.times(here)
    factors = _factors(arg.value)
    channels_code, spatial = factors if factors else (parenthesised(source.module.code_for_node(arg.value)), None)
    channels = evaluate(channels_code, site.scope)
    side = round((needed // channels) ** 0.5) if channels is not None and channels > 0 else 0
    if side < 2 or side * side * channels != needed:
        return None  # not channels x side x side (a config field of the whole width): found where it is made
    if halvings is None:
        return stop
    observed = None if layers else _feature_map(diagnosis, layer)
    if (observed is not None and observed != (channels, side)) \
            or not any(size // value == side for value in halvings.values(MAX_DEPTH)):
        return stop  # the poolings the code shows do not give the size observed
    if setting is None and stop is not None:
        return stop
    spatial_code = f"{setting} // {halvings.code()}" if setting else str(side)
    origin = f"`{setting}`" if setting else f"the {size}-pixel input (no setting states its size)"
    why = (f"to match the {needed} features it receives (layer {layer.path}, input "
           f"{'x'.join(map(str, layer.inputs[0].shape))}): {channels} channels of {side}x{side}, {origin} divided "
           f"by {halvings.code()} by the poolings before the flatten")
    made = _binding(source, init, spatial, site.line) if spatial is not None else None
    if made is not None and setting is None and not isinstance(made, cst.Integer):
        return None  # the side is computed from names no size setting is among: not to be replaced by a number
    if made is not None:
        reason = f"Changed {source.code(made)} to {spatial_code} {why}"
        return [source.edit(source.replaced(made, cst.parse_expression(spatial_code)), source.line_of(made), reason)]
    part = f"({spatial_code})" if setting else spatial_code
    new_call = consumer.deep_replace(arg.value, cst.parse_expression(f"{channels_code} * {part} * {part}"))
    reason = f"Changed {source.code(consumer)} to {source.code(new_call)} {why}"
    return [source.edit(source.replaced(consumer, new_call), source.line_of(consumer), reason)]


def _factors(node: cst.BaseExpression) -> tuple[str, cst.BaseExpression] | None:
    """(channel code, the spatial factor) of `channels * s * s`."""
    if not (isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply)
            and isinstance(node.left, cst.BinaryOperation) and isinstance(node.left.operator, cst.Multiply)):
        return None
    empty = cst.Module([])
    if empty.code_for_node(node.left.right).strip() != empty.code_for_node(node.right).strip():
        return None
    return empty.code_for_node(node.left.left), node.right


def _binding(source: Source, init: cst.FunctionDef, spatial: cst.BaseExpression, line: int):
    """The value `spatial` is bound to in `__init__`, when it is a name bound there once."""
    if not isinstance(spatial, cst.Name):
        return None
    found = latest_binding(source, init, spatial.value, line)
    if found is None or found[0] is None or found[1] or found[2] is not None:
        return None
    bound = [a for a in own_nodes(init, cst.Assign)
             for t in a.targets if isinstance(t.target, cst.Name) and t.target.value == spatial.value]
    return found[0] if len(bound) == 1 else None


def _size_setting(source: Source, init: cst.FunctionDef, site, size: int) -> str | None:
    """The one image-size setting (`image_size`, `cfg.img_size`) readable in `__init__` that
    holds the model's input size; a parameter before a `self.` copy of it."""
    names = [key for key, value in site.scope.items() if value == size and SIZE_NAME.match(key.split(".")[-1])
             and readable(source, init, key, site.line)]
    plain = [n for n in names if not n.startswith("self.")]
    names = plain or names
    return names[0] if len(names) == 1 else None


def _feature_map(diagnosis: Diagnosis, layer: Module) -> tuple[int, int] | None:
    """(channels, side) of the square feature map the Linear's nn.Sequential received."""
    outer = layer.path.rpartition(".")[0]
    holder = next((m for m in diagnosis.modules if m.path == outer and outer), None)
    shape = holder.inputs[0].shape if holder and holder.inputs and holder.inputs[0] else ()
    return (shape[1], shape[2]) if len(shape) == 4 and shape[2] == shape[3] else None


def _flattened(place: _Model, layer: Module) -> tuple[cst.FunctionDef, cst.BaseExpression, list] | None:
    """(forward, what it gives the layers that end in the flatten, those layers): an nn.Sequential
    attribute whose `Flatten` comes before the Linear with only layers that keep the size between
    (the layers before the `Flatten` in it), or `x.view(x.size(0), -1)`, `torch.flatten(x, 1)`,
    `self.flatten(x)` bound to the name the Linear is called with."""
    forward = next((f for f in own_nodes(place.klass, cst.FunctionDef) if f.name.value == "forward"), None)
    if forward is None or not layer.path:
        return None
    *outer, name = layer.path.split(".")
    if len(outer) > 1:
        return None
    if outer:
        built = built_in_init(place.source, place.klass, outer[0])
        index = int(name) if name.isdigit() else -1
        if built is None or last_name(built.func) != "Sequential" or not 0 < index < len(built.args):
            return None
        before = [a.value if isinstance(a.value, cst.Call) and not a.star else None for a in built.args[:index]]
        flatten = [i for i, b in enumerate(before) if b is not None and last_name(b.func) == "Flatten"]
        if len(flatten) != 1 or None in before \
                or any(last_name(b.func) not in SIZE_KEPT for b in before[flatten[0] + 1:]):
            return None
        given = _single_call_argument(place, forward, outer[0])
        return (forward, given, before[:flatten[0]]) if given is not None else None
    given = _single_call_argument(place, forward, name)
    flat = given and _through_name(place, forward, given)
    if not (isinstance(flat, cst.Call) and last_name(flat.func) in FLATTENS):
        return None
    method = isinstance(flat.func, cst.Attribute) and self_call(flat) is None \
        and last_name(flat.func.value) not in NAMESPACES  # x.view(...), not torch.flatten(x, 1) or self.flatten(x)
    inner = flat.func.value if method else (flat.args[0].value if flat.args else None)
    return (forward, inner, []) if inner is not None else None


def _single_call_argument(place: _Model, forward: cst.FunctionDef, attribute: str):
    calls = [c for c in own_nodes(forward, cst.Call) if self_call(c) == attribute]
    if len(calls) != 1 or len(calls[0].args) != 1 or calls[0].args[0].keyword:
        return None
    return calls[0].args[0].value


def _through_name(place: _Model, forward: cst.FunctionDef, node):
    if isinstance(node, cst.Name):
        found = latest_binding(place.source, forward, node.value, place.source.line_of(node))
        return found[0] if found and found[0] is not None and not found[1] and found[2] is None else None
    return node


def _trace(place: _Model, forward: cst.FunctionDef, node, depth: int) -> Halvings | None:
    """The halvings from forward's input to `node`."""
    if depth > 3 * MAX_DEPTH:
        return None
    if isinstance(node, cst.Name):
        found = latest_binding(place.source, forward, node.value, place.source.line_of(node))
        if found is None and node.value in [p.name.value for p in forward.params.params[1:2]]:
            return Halvings()  # the model's input
        if found is None or found[0] is None or found[1] or found[2] is not None:
            return None
        return _trace(place, forward, found[0], depth + 1)
    if not isinstance(node, cst.Call):
        return None
    called = last_name(node.func)
    if called in KEEPS_SIZE and isinstance(node.func, cst.Attribute) and last_name(node.func.value) not in NAMESPACES:
        return _trace(place, forward, node.func.value, depth + 1)  # x.relu()
    if not node.args:
        return None
    first = node.args[0].value
    attribute = self_call(node)
    if attribute is not None:
        built = built_in_init(place.source, place.klass, attribute)
        here = built and _layer(place, built, depth)
        rest = here and _trace(place, forward, first, depth + 1)
        return rest and rest.times(here)
    if called in ("max_pool2d", "avg_pool2d"):  # F.max_pool2d(x, 2)
        return _functional_pool(place, forward, node, depth)
    return _trace(place, forward, first, depth + 1) if called in KEEPS_SIZE else None


def _functional_pool(place: _Model, forward, call: cst.Call, depth: int) -> Halvings | None:
    kernel = argument(call, 1, "kernel_size")
    stride = argument(call, 2, "stride")
    factor = _pool_factor(kernel, stride)
    rest = factor and _trace(place, forward, call.args[0].value, depth + 1)
    return rest and rest.times(Halvings(factor))


def _pool_factor(kernel: cst.Arg | None, stride: cst.Arg | None) -> int | None:
    """k for a square pooling of kernel k and stride k (the stride left out, or equal)."""
    value = kernel.value if kernel is not None else None
    if not isinstance(value, cst.Integer):
        return None
    if stride is not None and not (isinstance(stride.value, cst.Integer) and stride.value.value == value.value):
        return None
    return int(value.value)


def _layer(place: _Model, call: cst.Call, depth: int) -> Halvings | None:
    """The halvings of one layer expression of the model's `__init__`: a torch.nn layer, an
    nn.Sequential (of a list a loop fills too), a project helper returning one."""
    if depth > 3 * MAX_DEPTH:
        return None
    kind = last_name(call.func)
    torch_nn = any(q.startswith("torch.nn.") for q in place.source.qualified_names(call.func))
    if torch_nn and kind in SIZE_KEPT:
        return Halvings()
    if torch_nn and kind in POOLS:
        factor = _pool_factor(argument(call, 0, "kernel_size"), argument(call, 1, "stride"))
        return Halvings(factor) if factor else None
    if torch_nn and kind in CONVOLUTIONS:
        return Halvings() if _keeps_size(call) else None
    if torch_nn and kind == "Sequential":
        total = Halvings()
        for arg in call.args:
            part = _starred(place, call, arg.value, depth) if arg.star else \
                _layer(place, arg.value, depth + 1) if isinstance(arg.value, cst.Call) else None
            if part is None:
                return None
            total = total.times(part)
        return total
    helper = _helper(place, call)
    return helper and _layer(helper[0], helper[1], depth + 1)


def _keeps_size(conv: cst.Call) -> bool:
    """A stride-1 convolution padded by half its (odd) kernel, or `padding="same"`."""
    kernel, stride = argument(conv, 2, "kernel_size"), argument(conv, 3, "stride")
    padding, dilation = argument(conv, 4, "padding"), argument(conv, 5, "dilation")
    if dilation is not None or (stride is not None and getattr(stride.value, "value", None) != "1"):
        return False
    if padding is not None and isinstance(padding.value, cst.SimpleString):
        return padding.value.evaluated_value == "same"
    if kernel is None or not isinstance(kernel.value, cst.Integer):
        return False
    pad = int(padding.value.value) if padding is not None and isinstance(padding.value, cst.Integer) else \
        0 if padding is None else None
    return pad is not None and 2 * pad == int(kernel.value.value) - 1


def _starred(place: _Model, sequential: cst.Call, value, depth: int) -> Halvings | None:
    """`nn.Sequential(*blocks)`: a list that starts empty and gets one block appended per entry
    of the list a `for` loop walks, in the same function."""
    function = place.source.function_of(sequential)
    if not isinstance(value, cst.Name) or function is None:
        return None
    found = latest_binding(place.source, function, value.value, place.source.line_of(sequential))
    if found is None or found[0] is None or not empty_list(found[0]):
        return None
    block = appended(function, value)
    loop = block is not None and place.source.loop_of(block)
    if not isinstance(loop, cst.For) or place.source.enclosing(loop, (cst.For, cst.While)) is not None \
            or not isinstance(block, cst.Call):
        return None
    each = _layer(place, block, depth + 1)
    if each is None or each.loops:
        return None
    code = place.source.module.code_for_node(loop.iter)
    return Halvings() if each.constant == 1 else Halvings(1, ((each.constant, code),))


def _helper(place: _Model, call: cst.Call) -> tuple[_Model, cst.Call] | None:
    """The nn.Sequential a project function (`conv_block(c, w)`) returns."""
    if not isinstance(call.func, cst.Name):
        return None
    found = [(s, f) for s in project_sources(place.workspace) for f in s.module.body
             if isinstance(f, cst.FunctionDef) and f.name.value == call.func.value]
    if len(found) != 1:
        return None
    source, function = found[0]
    returns = [r.value for r in own_nodes(function, cst.Return)]
    if len(returns) != 1 or not isinstance(returns[0], cst.Call):
        return None
    return _Model(source, place.klass, place.workspace), returns[0]
