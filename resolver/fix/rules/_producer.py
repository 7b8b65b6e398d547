"""The layer that made a tensor, and the expression that declared its width.

A layer built for the wrong width (`nn.Linear(hidden, n)` fed a bidirectional LSTM's output)
is fixed with the number the input really has. Solving that number as arithmetic on a nearby name
(`hidden * 2`) holds only for today's settings: switch `bidirectional` off and it crashes again.
The width is declared where the input's producer is built: its `out_features`, its `embed_dim`,
`hidden * (2 if bidirectional else 1)` from its own constructor and flags. This module follows
the failing call's input back through the `forward` that makes it, past what keeps the last
dimension (activations, dropout, residual sums, time steps picked, tuple elements unpacked), to a
`self.<layer>(...)` call, and reads that layer's constructor in `__init__`.

Only what the code shows is followed: one assignment of the layer, a torch.nn class, names the
consumer's own constructing function can read. Anything else (a reshape, a user-defined block, a
concatenation) ends the trail with nothing found."""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from itertools import product

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Module
from resolver.fix.retarget import evaluate
from resolver.fix.rules._source import Source, argument
from resolver.fix.rules._syntax import attribute_assignments, last_name, latest_binding, parameter_names

MAX_STEPS = 12
# calls that keep the last dimension of their first argument
KEEPS_WIDTH = {"relu", "gelu", "silu", "tanh", "sigmoid", "dropout", "elu", "leaky_relu", "softmax", "log_softmax",
               "normalize", "contiguous", "float", "half", "double", "bfloat16", "to", "clone", "relu_", "mish"}
REDUCES = {"mean", "sum", "amax", "amin", "squeeze"}  # keep it unless they reduce the last dimension
PASS_THROUGH = {"Dropout", "Dropout1d", "Dropout2d", "ReLU", "GELU", "SiLU", "Tanh", "Sigmoid", "Identity",
                "LeakyReLU", "ELU", "Mish", "Softmax", "LogSoftmax", "AlphaDropout"}
RECURRENT = {"LSTM", "GRU", "RNN"}
# class -> (position, keyword) of the constructor argument that is its output's last dimension
DECLARED = {"Linear": (1, "out_features"), "LazyLinear": (0, "out_features"), "Bilinear": (2, "out_features"),
            "Embedding": (1, "embedding_dim"), "EmbeddingBag": (1, "embedding_dim"),
            "MultiheadAttention": (0, "embed_dim"), "TransformerEncoderLayer": (0, "d_model"),
            "TransformerDecoderLayer": (0, "d_model"), "LayerNorm": (0, "normalized_shape"),
            "BatchNorm1d": (0, "num_features"), "Conv1d": (1, "out_channels"), "Conv2d": (1, "out_channels"),
            "Conv3d": (1, "out_channels"), "BatchNorm2d": (0, "num_features"), "GroupNorm": (1, "num_channels")}
TUPLE_OUTPUT = RECURRENT | {"MultiheadAttention"}
CHANNEL_LAYERS = {"Conv1d", "Conv2d", "Conv3d", "BatchNorm2d", "GroupNorm"}
# keep the channels, not the last dimension
CHANNELS_KEPT = {"MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AdaptiveAvgPool2d",
                 "AdaptiveMaxPool2d", "Upsample", "UpsamplingNearest2d", "UpsamplingBilinear2d", "ReLU6", "Hardswish"}


@dataclass(frozen=True)
class Width:
    """The producer's width as its own code declares it, valid where the consumer is built."""

    code: str
    alternatives: tuple[str, ...]  # what it comes to under each value of the flags it reads, as code
    producer: str  # "self.lstm (LSTM)", for the report
    how: str  # "its hidden_size, times 2 when bidirectional", for the report
    built: tuple[cst.Call, ...]  # the constructor calls it is read from


@dataclass(frozen=True)
class _Forward:
    """The forward a layer is called in, and which dimension of its input the layer reads."""

    source: Source
    klass: cst.ClassDef
    function: cst.FunctionDef
    channels: bool  # dimension 1 (convolutions, BatchNorm2d); else the last one
    rank: int


def producer_width(workspace, diagnosis: Diagnosis, layer: Module, needed: int, channels: bool) -> Width | None:
    """The width expression of the layer whose output reached `layer`, when the code shows it
    and it gives `needed` in the consumer's constructing scope."""
    frame, site = diagnosis.location, layer.site
    given = layer.inputs[0] if layer.inputs else None
    if frame is None or site is None or given is None or not layer.path or frame.file != site.file:
        return None
    source = Source.parse(workspace, frame.file)
    if source is None:
        return None
    *outer, name = layer.path.split(".")
    element = int(name) if name.isdigit() and outer else None  # a layer of an nn.Sequential attribute
    called = outer[-1] if element is not None else name
    calls = [c for c in source.on_line(cst.Call, frame.line) if self_call(c) == called]
    forward = source.function_of(calls[0]) if len(calls) == 1 else None
    klass = forward and source.enclosing(forward, cst.ClassDef)
    consumer = source.call_at(site)
    if klass is None or consumer is None:
        return None
    place = _Forward(source, klass, forward, channels, len(given.shape))
    if element:
        width = _before_in_sequence(place, called, element, consumer)
    elif calls[0].args and calls[0].args[0].keyword is None:
        width = _trace(place, calls[0].args[0].value, ())
    else:
        width = None
    init = source.function_of(consumer)
    if width is None or any(source.function_of(b) is not init for b in width.built) \
            or not readable(source, init, width.code, site.line):
        return None
    return width if any(evaluate(a, site.scope) == needed for a in width.alternatives) else None


def self_call(call: cst.Call) -> str | None:
    func = call.func
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
        return func.attr.value
    return None


def _before_in_sequence(place: _Forward, attribute: str, element: int, consumer: cst.Call) -> Width | None:
    """A layer inside `nn.Sequential(...)` reads what the layers before it in the same call make."""
    built = built_in_init(place.source, place.klass, attribute)
    if built is None or last_name(built.func) != "Sequential" or len(built.args) <= element \
            or built.args[element].value is not consumer:
        return None
    return _last_width(place, built.args[:element], f"self.{attribute}[{element - 1}]")


def _last_width(place: _Forward, layers, producer: str) -> Width | None:
    for arg in reversed(layers):
        layer = arg.value
        if isinstance(layer, cst.Call) and last_name(layer.func) in _passing(place):
            continue
        return _declared(place, layer, (), producer) if isinstance(layer, cst.Call) else None
    return None


def _passing(place: _Forward) -> set[str]:
    return PASS_THROUGH | (CHANNELS_KEPT if place.channels else set())


def _trace(place: _Forward, node: cst.BaseExpression, picks: tuple, steps: int = 0) -> Width | None:
    """The width of the layer that made `node`, `picks` being the indices taken from its output
    on the way (a tuple element, then rows)."""
    if steps > MAX_STEPS:
        return None

    def again(inner: cst.BaseExpression, more: tuple = ()) -> Width | None:
        return _trace(place, inner, more + picks, steps + 1)

    source = place.source
    if isinstance(node, cst.Name):
        found = latest_binding(source, place.function, node.value, source.line_of(node))
        if found is None or found[2] is not None or found[0] is None:
            return None  # a parameter of forward (the data), or a loop variable
        value, path, _ = found
        return again(value, tuple(path))
    if isinstance(node, cst.Call):
        func, args = node.func, node.args
        first = args[0].value if args and args[0].keyword is None else None
        layer = self_call(node)
        if layer is not None:
            built = built_in_init(source, place.klass, layer)
            if built is None:
                return None
            if last_name(built.func) in _passing(place):  # self.dropout(h), self.pool(x)
                return again(first) if first is not None else None
            return _declared(place, built, picks, f"self.{layer}")
        called = last_name(func)
        if called in ("cat", "concat", "concatenate") and first is not None and not picks:
            return _concatenated(place, node, steps)
        keeps = called in KEEPS_WIDTH or (called in REDUCES and not place.channels and _keeps_last(node))
        if keeps and isinstance(func, cst.Attribute) and not _is_namespace(func.value):
            return again(func.value)  # x.relu(), x.mean(dim=1)
        return again(first) if keeps and first is not None else None  # F.relu(x)
    if isinstance(node, cst.Subscript) and not place.channels:
        if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
                and isinstance(node.slice[0].slice.value, cst.Integer):
            return again(node.value, (int(node.slice[0].slice.value.value),))  # a tuple element, or a row
        if isinstance(node.slice[-1].slice, cst.Slice) or len(node.slice) == 2:
            return again(node.value, ("rows",))  # out[:, -1], out[:, -1, :]: the last dimension stays
        return None
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Subtract, cst.Multiply)):
        return again(node.left) or again(node.right)  # a residual sum: both sides have the width
    return None


def _concatenated(place: _Forward, call: cst.Call, steps: int) -> Width | None:
    """`torch.cat([a, b], dim=...)` along the dimension the consumer reads: the parts' widths
    summed (`ch * 2` for a U-Net skip of the same width)."""
    parts, dim = call.args[0].value, argument(call, 1, "dim")
    along = dim.value if dim is not None else cst.Integer("0")
    number = -int(along.operand.value) if isinstance(along, cst.UnaryOperation) \
        and isinstance(along.operand, cst.Integer) else int(along.value) if isinstance(along, cst.Integer) else None
    wanted = {1} if place.channels else {-1, place.rank - 1}
    if not isinstance(parts, (cst.List, cst.Tuple)) or number not in wanted \
            or any(isinstance(e, cst.StarredElement) for e in parts.elements):
        return None
    widths = [_trace(place, e.value, (), steps + 1) for e in parts.elements]
    if not widths or None in widths or len(widths) > 4:
        return None
    codes = [parenthesised(w.code) for w in widths]
    code = f"{codes[0]} * {len(codes)}" if len(set(codes)) == 1 else " + ".join(codes)
    alternatives = tuple(" + ".join(f"({a})" for a in choice) for choice in product(*(w.alternatives for w in widths)))
    return Width(code, alternatives, "torch.cat of " + ", ".join(w.producer for w in widths),
                 "the sum of " + ", ".join(w.how for w in widths), tuple(b for w in widths for b in w.built))


def parenthesised(code: str) -> str:
    try:
        simple = isinstance(cst.parse_expression(code), (cst.Name, cst.Attribute, cst.Integer, cst.Subscript, cst.Call))
    except cst.ParserSyntaxError:
        return f"({code})"
    return code if simple else f"({code})"


def _is_namespace(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.Name, cst.Attribute)) and last_name(node) in {"F", "torch", "functional", "nn"}


def _keeps_last(call: cst.Call) -> bool:
    """A reduction over one given dimension, counted from the front (`x.mean(dim=1)`,
    `torch.mean(x, 1)`): not the last one. A negative or missing dimension may be the last."""
    method = isinstance(call.func, cst.Attribute) and not _is_namespace(call.func.value)
    dims = [a.value for a in (call.args if method else call.args[1:])
            if a.keyword is None or a.keyword.value == "dim"]
    return len(dims) == 1 and isinstance(dims[0], cst.Integer) and int(dims[0].value) >= 1


def built_in_init(source: Source, klass: cst.ClassDef, layer: str) -> cst.Call | None:
    """The one `self.<layer> = nn.X(...)` of the class, in its `__init__`."""
    found = attribute_assignments(source, klass, layer)
    if len(found) != 1 or found[0][1] != () or found[0][2] != "__init__" or not isinstance(found[0][0], cst.Call):
        return None
    return found[0][0]


def _declared(place: _Forward, built: cst.Call, picks: tuple, producer: str) -> Width | None:
    """The width of the output of the layer `built` makes that `picks` selects."""
    source, kind = place.source, last_name(built.func)
    if not any(q.startswith("torch.nn.") for q in source.qualified_names(built.func)) \
            and kind not in DECLARED and kind not in RECURRENT and kind != "Sequential":
        return None  # a block of the user's own: its width is its forward's business
    if kind == "Sequential":
        return _last_width(place, built.args, producer)
    element = None
    if kind in TUPLE_OUTPUT:
        if not picks or not isinstance(picks[0], int):
            return None
        element = picks[0]
    name = f"{producer} ({kind})"
    if kind in RECURRENT:
        hidden = argument(built, 1, "hidden_size")
        if hidden is None or argument(built, 10, "proj_size") is not None:
            return None
        size = parenthesised(source.module.code_for_node(hidden.value))
        if element != 0:
            return Width(size, (size,), name, "its hidden_size (the last state of one direction)", (built,))
        flag = argument(built, 6, "bidirectional")
        flag_code = source.module.code_for_node(flag.value) if flag is not None else "False"
        if flag_code == "False":
            return Width(size, (size,), name, "its hidden_size", (built,))
        if flag_code == "True":
            return Width(f"{size} * 2", (f"{size} * 2",), name, "its hidden_size, times 2 as it is bidirectional",
                         (built,))
        return Width(f"{size} * (2 if {flag_code} else 1)", (f"{size} * 2", size), name,
                     f"its hidden_size, times 2 when `{flag_code}`", (built,))
    if kind == "MultiheadAttention" and element != 0:
        return None
    if place.channels != (kind in CHANNEL_LAYERS):
        return None
    position, keyword = DECLARED.get(kind, (None, None))
    given = argument(built, position, keyword) if keyword else None
    if given is None:
        return None
    code = source.module.code_for_node(given.value)
    return Width(code, (code,), name, f"its {keyword}", (built,))


def readable(source: Source, function: cst.FunctionDef, code: str, line: int) -> bool:
    """Every name the width's code starts from is known at the consumer's line: a parameter of
    the constructing function, bound there before that line, or a module-level name."""
    try:
        expression = cst.parse_expression(code)
    except cst.ParserSyntaxError:
        return False
    roots = _root_names(expression) - {"True", "False", "None"}
    module_level = {t.target.value for a in source.module.body if isinstance(a, cst.SimpleStatementLine)
                    for s in a.body if isinstance(s, cst.Assign) for t in s.targets if isinstance(t.target, cst.Name)}
    params = set(parameter_names(function))
    return all(r in params or r in module_level or hasattr(builtins, r)
               or latest_binding(source, function, r, line) is not None for r in roots)


def _root_names(node: cst.CSTNode) -> set[str]:
    """The names an expression starts from: `cfg` in `cfg.d_model * 2`, not `d_model`."""
    if isinstance(node, cst.Name):
        return {node.value}
    if isinstance(node, cst.Attribute):
        return _root_names(node.value)
    if isinstance(node, cst.Arg):
        return _root_names(node.value)
    return set().union(*(_root_names(child) for child in node.children))
