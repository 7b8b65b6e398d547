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


@dataclass(frozen=True)
class Width:
    """The producer's width as its own code declares it, valid where the consumer is built."""

    code: str
    producer: str  # "self.lstm (LSTM)", for the report
    how: str  # "its hidden_size, times 2 when bidirectional", for the report


def producer_width(workspace, diagnosis: Diagnosis, layer: Module, needed: int) -> Width | None:
    """The width expression of the layer whose output reached `layer`, when the code shows it
    and it gives `needed` in the consumer's constructing scope."""
    frame, site = diagnosis.location, layer.site
    if frame is None or site is None or not layer.path or frame.file != site.file:
        return None
    source = Source.parse(workspace, frame.file)
    if source is None:
        return None
    name = layer.path.rsplit(".", 1)[-1]
    calls = [c for c in source.on_line(cst.Call, frame.line) if _self_call(c) == name]
    forward = source.function_of(calls[0]) if len(calls) == 1 else None
    klass = forward and source.enclosing(forward, cst.ClassDef)
    consumer = source.call_at(site)
    if klass is None or consumer is None or not calls[0].args or calls[0].args[0].keyword is not None:
        return None
    trail = _trace(source, klass, forward, calls[0].args[0].value, ())
    if trail is None:
        return None
    producer, picks = trail
    built = _built(source, klass, producer)
    if built is None or source.function_of(consumer) is not source.function_of(built):
        return None
    width = _declared(source, built, picks)
    if width is None or not _readable(source, source.function_of(built), width[0], site.line):
        return None
    code, alternatives, how = width
    if not any(evaluate(a, site.scope) == needed for a in alternatives):
        return None
    return Width(code, f"self.{producer} ({last_name(built.func)})", how)


def _self_call(call: cst.Call) -> str | None:
    func = call.func
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
        return func.attr.value
    return None


def _trace(source: Source, klass: cst.ClassDef, forward: cst.FunctionDef, node: cst.BaseExpression,
           picks: tuple, steps: int = 0) -> tuple[str, tuple] | None:
    """(the `self.<layer>` that made `node`, the indices taken from its output on the way)."""
    if steps > MAX_STEPS:
        return None

    def again(inner: cst.BaseExpression, more: tuple = ()) -> tuple[str, tuple] | None:
        return _trace(source, klass, forward, inner, more + picks, steps + 1)

    if isinstance(node, cst.Name):
        found = latest_binding(source, forward, node.value, source.line_of(node))
        if found is None or found[2] is not None or found[0] is None:
            return None  # a parameter of forward (the data), or a loop variable
        value, path, _ = found
        return again(value, tuple(path))
    if isinstance(node, cst.Call):
        func, args = node.func, node.args
        layer = _self_call(node)
        if layer is not None:
            built = _built(source, klass, layer)
            if built is not None and last_name(built.func) in PASS_THROUGH:  # self.dropout(h)
                return again(args[0].value) if args and args[0].keyword is None else None
            return layer, picks
        called = last_name(func)
        if called in KEEPS_WIDTH or (called in REDUCES and _keeps_last(node)):
            if isinstance(func, cst.Attribute) and not _is_namespace(func.value):
                return again(func.value)  # x.relu(), x.mean(dim=1)
            return again(args[0].value) if args and args[0].keyword is None else None  # F.relu(x)
        return None
    if isinstance(node, cst.Subscript):
        if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
                and isinstance(node.slice[0].slice.value, cst.Integer):
            return again(node.value, (int(node.slice[0].slice.value.value),))  # a tuple element, or a row
        last = node.slice[-1].slice
        if isinstance(last, cst.Slice) or len(node.slice) == 2:
            return again(node.value, ("rows",))  # out[:, -1], out[:, -1, :]: the last dimension stays
        return None
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Subtract, cst.Multiply)):
        return again(node.left) or again(node.right)  # a residual sum: both sides have the width
    return None


def _is_namespace(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.Name, cst.Attribute)) and last_name(node) in {"F", "torch", "functional", "nn"}


def _keeps_last(call: cst.Call) -> bool:
    """A reduction over one given dimension, counted from the front (`x.mean(dim=1)`,
    `torch.mean(x, 1)`): not the last one. A negative or missing dimension may be the last."""
    method = isinstance(call.func, cst.Attribute) and not _is_namespace(call.func.value)
    dims = [a.value for a in (call.args if method else call.args[1:])
            if a.keyword is None or a.keyword.value == "dim"]
    return len(dims) == 1 and isinstance(dims[0], cst.Integer) and int(dims[0].value) >= 1


def _built(source: Source, klass: cst.ClassDef, layer: str) -> cst.Call | None:
    """The one `self.<layer> = nn.X(...)` of the class, in its `__init__`."""
    found = attribute_assignments(source, klass, layer)
    if len(found) != 1 or found[0][1] != () or found[0][2] != "__init__" or not isinstance(found[0][0], cst.Call):
        return None
    return found[0][0]


def _declared(source: Source, built: cst.Call, picks: tuple) -> tuple[str, list[str], str] | None:
    """(width code, the values it can take as code, words) of the output `picks` selects."""
    kind = last_name(built.func)
    if not any(q.startswith("torch.nn.") for q in source.qualified_names(built.func)) and kind not in DECLARED \
            and kind not in RECURRENT and kind != "Sequential":
        return None
    if kind == "Sequential":
        for element in reversed(built.args):
            if isinstance(element.value, cst.Call) and last_name(element.value.func) in PASS_THROUGH:
                continue
            return _declared(source, element.value, picks) if isinstance(element.value, cst.Call) else None
        return None
    if kind in TUPLE_OUTPUT:
        if not picks or not isinstance(picks[0], int):
            return None
        element, picks = picks[0], picks[1:]
    if kind in RECURRENT:
        hidden = argument(built, 1, "hidden_size")
        if hidden is None or argument(built, 10, "proj_size") is not None:
            return None
        size = _grouped(source, hidden.value)
        if element != 0:
            return size, [size], "its hidden_size (the last state of one direction)"
        flag = argument(built, 6, "bidirectional")
        flag_code = source.module.code_for_node(flag.value) if flag is not None else "False"
        if flag_code == "False":
            return size, [size], "its hidden_size"
        if flag_code == "True":
            return f"{size} * 2", [f"{size} * 2"], "its hidden_size, times 2 as it is bidirectional"
        return (f"{size} * (2 if {flag_code} else 1)", [f"{size} * 2", size],
                f"its hidden_size, times 2 when `{flag_code}`")
    if kind == "MultiheadAttention" and element != 0:
        return None
    position, keyword = DECLARED.get(kind, (None, None))
    given = argument(built, position, keyword) if keyword else None
    if given is None:
        return None
    code = source.module.code_for_node(given.value)
    return code, [code], f"its {keyword}"


def _grouped(source: Source, node: cst.BaseExpression) -> str:
    code = source.module.code_for_node(node)
    return f"({code})" if isinstance(node, (cst.BinaryOperation, cst.IfExp)) else code


def _readable(source: Source, function: cst.FunctionDef, code: str, line: int) -> bool:
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
