"""Where dtype_contract puts a cast once the trail to where the tensor was made is known: the first
place on the trail that states the dtype, else the conversion into torch, else where numpy makes
the array or the dataset keeps it; and how each of those places spells the dtype."""

from __future__ import annotations

import re

import libcst as cst

from resolver.fix.rules._origin import Step
from resolver.fix.rules._source import Source, wrap
from resolver.fix.rules._syntax import argument, last_name, own_nodes
from resolver.write.edits import Edit

INTEGER, FLOATING = "integer", "floating"
UNIT_IMAGE = "floating in [0, 1]"  # an 8-bit image (0..255) made float: cast and scaled, see _byte_images.py
CASTS = {"float": FLOATING, "double": FLOATING, "half": FLOATING, "bfloat16": FLOATING,
         "long": INTEGER, "int": INTEGER, "short": INTEGER, "byte": INTEGER}
LEGACY_CONSTRUCTORS = {"Tensor": FLOATING, "FloatTensor": FLOATING, "DoubleTensor": FLOATING,
                       "HalfTensor": FLOATING, "LongTensor": INTEGER, "IntTensor": INTEGER}
CONVERSIONS = {"from_numpy", "tensor", "as_tensor"}
VALUE_CASTS = {*CASTS, *CONVERSIONS, "to", "type", "astype"}
NUMPY_FACTORIES = {"zeros", "ones", "empty", "full"}
DTYPE_NAME = re.compile(r"^(?:(?P<prefix>[\w.]+)\.)?(?P<name>u?int\d*|long|short|float\d*|double|half|bfloat16|bool)$")
RIGHT = {INTEGER: {"long", "int64"}, FLOATING: {"float", "float32"}}
SPELLING = {INTEGER: {"method": "long", "torch": "long", "numpy": "int64", "builtin": "int"},
            FLOATING: {"method": "float", "torch": "float32", "numpy": "float32", "builtin": "float"}}
RIGHT[UNIT_IMAGE], SPELLING[UNIT_IMAGE] = RIGHT[FLOATING], SPELLING[FLOATING]


def kind_of(dtype: str) -> str:
    return FLOATING if dtype.startswith(("float", "bfloat")) or dtype in ("half", "double") else INTEGER


def fix_at_origin(chain: list[Step], wanted: str, float64: bool = False, image: bool = False) -> Edit | None:
    kept = next((i for i, step in enumerate(chain) if step.role == "stored"), len(chain))
    if image:  # where the dataset keeps the array and before: read again there, it is in 0..255 units
        chain = [step for i, step in enumerate(chain) if i < kept or not read_after(step)]
    converted, numpy_side, from_numpy = False, [], False
    for step in chain:
        if converted:
            numpy_side.append(step)
        from_numpy = from_numpy or not converted and isinstance(step.node, cst.Call) \
            and last_name(step.node.func) == "from_numpy"
        if converted and not (isinstance(step.node, cst.Call) and last_name(step.node.func) == "astype"):
            continue  # before the conversion into torch only a deliberate cast counts, not a factory's dtype
        converted = converted or isinstance(step.node, cst.Call) and last_name(step.node.func) in CONVERSIONS
        if image and not _casts_values(step):
            continue  # `np.zeros(..., dtype=np.uint8)` is filled later, `frombuffer` decodes bytes: not the place
        stated = stated_kind(step, wanted)
        if stated == "right":
            return None  # the trail says the dtype is right: it was lost somewhere it can't follow
        if stated is not None:
            return stated
    # `torch.tensor(a)` can state the dtype where it converts; `from_numpy` cannot, so the array's
    # own origin is the place (and it feeds every conversion of that array at once)
    edit = _numpy_origin(numpy_side, wanted, float64 and from_numpy)
    if edit is not None:
        return edit
    for step in chain:
        if isinstance(step.node, cst.Call) and last_name(step.node.func) in CONVERSIONS:
            return cast_at(step, wanted, "where it is converted to a tensor")
    kept = _numpy_sample_kept(chain, wanted)
    if kept is not None:
        return kept
    for step in chain:
        if step.role == "stored":
            return cast_at(step, wanted, "where the dataset keeps it")
    return cast_at(chain[0], wanted, "where it is used")


def _casts_values(step: Step) -> bool:
    """A cast or a conversion of values already made (`.byte()`, `.astype(np.uint8)`, `torch.tensor(a,
    dtype=...)`), where an image can change dtype and scale; a factory or a decoder that states the
    dtype makes an empty buffer or reads raw bytes, where neither can."""
    return isinstance(step.node, cst.Call) and last_name(step.node.func) in VALUE_CASTS


def _numpy_sample_kept(chain: list[Step], wanted: str) -> Edit | None:
    """A sample that is never converted to torch in the project: the default collate converts
    the numpy array `__getitem__` returns, keeping its dtype. The array is cast the numpy way
    where the dataset keeps it (else where the sample takes it)."""
    at = next((i for i, s in enumerate(chain) if s.role == "sample"), None)
    if at is None or at + 1 >= len(chain):
        return None
    after = chain[at + 1:]
    if any(s.source.torch_binding and f"{s.source.torch_binding}." in s.source.code(s.node) for s in after):
        return None  # made by torch: a tensor, cast the torch way
    step = next((s for s in after if s.role == "stored"), after[0])
    alias = _numpy_alias(step.source)
    if alias is None:
        return None
    spelled = f"{alias}.{SPELLING[wanted]['numpy']}"
    new = wrap(step.source.module.code_for_node(step.node), f".astype({spelled})")
    where = "where the dataset keeps it" if step.role == "stored" else "where the sample takes it"
    return _edit(step.source, step.node, new, wanted, where)


def _numpy_origin(steps: list[Step], wanted: str, float64: bool) -> Edit | None:
    """Where numpy made the array that became the tensor, when numpy's default dtype is the
    fault: `np.zeros((B, T))` filled with ids is float64 (-> `dtype=np.int64`); a float64 table
    (numpy's default) into float32 weights gets `.astype(np.float32)` where it is made."""
    calls = [s for s in steps if isinstance(s.node, cst.Call) and not s.path]
    if wanted == INTEGER:
        for step in calls:
            node, source = step.node, step.source
            if last_name(node.func) in NUMPY_FACTORIES and isinstance(node.func, cst.Attribute) \
                    and last_name(node.func.value) != "torch" and not any(a.keyword for a in node.args):
                spelled = f"{source.module.code_for_node(node.func.value)}.{SPELLING[INTEGER]['numpy']}"
                return _edit(source, node, _with_dtype(node, spelled), wanted, "where the array of ids is made")
        return None
    if not (float64 and calls):
        return None
    step = calls[-1]
    if step is steps[0]:
        return None  # made inside the conversion itself: the cast goes there
    if any(isinstance(s.node, cst.BinaryOperation) for s in steps[:steps.index(step)]):
        return None  # combined with other arrays on the way: their dtypes decide too, the conversion is the place
    alias = _numpy_alias(step.source)
    if alias is None or last_name(step.node.func) in ("astype", "float", "double"):
        return None
    new = wrap(step.source.module.code_for_node(step.node), f".astype({alias}.{SPELLING[FLOATING]['numpy']})")
    return _edit(step.source, step.node, new, wanted, "where the float64 array is made")


def _numpy_alias(source: Source) -> str | None:
    match = re.search(r"^\s*import numpy(?: as (\w+))?\s*$", source.text, re.MULTILINE)
    return None if match is None else (match[1] or "numpy")


def _with_dtype(node: cst.Call, spelled: str) -> cst.Call:
    no_space = cst.SimpleWhitespace("")
    args = list(node.args)
    args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
    return node.with_changes(args=[*args, cst.Arg(cst.parse_expression(spelled), keyword=cst.Name("dtype"),
                                                  equal=cst.AssignEqual(whitespace_before=no_space,
                                                                        whitespace_after=no_space))])


def stated_kind(step: Step, wanted: str = "") -> Edit | str | None:
    """At a place that states the dtype explicitly: the edit that restates it, or "right" when it
    already states the wanted one; None elsewhere."""
    node, source = step.node, step.source
    if not isinstance(node, cst.Call):
        return None
    name = last_name(node.func)
    positional = [a for a in node.args if a.keyword is None and not a.star]
    if isinstance(node.func, cst.Attribute) and name in CASTS and not node.args:
        if name in RIGHT[wanted]:
            return "right"
        new = node.with_changes(func=node.func.with_changes(attr=cst.Name(SPELLING[wanted]["method"])))
        return _edit(source, node, new, wanted, "where its dtype is set")
    if name in LEGACY_CONSTRUCTORS and len(positional) == 1 and not isinstance(positional[0].value, cst.Integer) \
            and isinstance(node.func, cst.Attribute):
        if LEGACY_CONSTRUCTORS[name] == (FLOATING if wanted == UNIT_IMAGE else wanted):
            return "right"
        prefix = source.module.code_for_node(node.func.value)
        new = cst.parse_expression(f"{prefix}.tensor({source.module.code_for_node(positional[0].value)}, "
                                   f"dtype={prefix}.{SPELLING[wanted]['torch']})")
        return _edit(source, node, new, wanted, "where it is made")
    if name in ("int", "float") and isinstance(node.func, cst.Name) and len(positional) == 1:
        if SPELLING[wanted]["builtin"] == name:
            return "right"
        new = node.with_changes(func=cst.Name(SPELLING[wanted]["builtin"]))
        return _edit(source, node, new, wanted, "where the sample's value is made")
    made = _factory_fill(step, name, positional, wanted)
    if made is not None:
        return made
    for arg in node.args:
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword == "dtype" or (keyword is None and name in ("astype", "to", "type") and arg is node.args[0]):
            match = DTYPE_NAME.match(source.module.code_for_node(arg.value).strip("'\""))
            if match is None:
                continue
            if match["name"] in RIGHT[wanted]:
                return "right"
            spelled = _respelled(source.module.code_for_node(arg.value), match, wanted)
            if spelled is None:
                return "right"  # a spelling it can't restate: leave it to a human
            new = node.deep_replace(arg.value, cst.parse_expression(spelled))
            return _edit(source, node, new, wanted, "where its dtype is set")
    return None


def cast_when(chain: list[Step], wanted: str, test: str, negated: bool, placed) -> Edit | None:
    """The first `dtype=` (or `.to(dtype)`) the trail states, restated as `wanted if test else
    old` (`old if test else wanted` when `negated`): the loss that takes the tensor is chosen by
    that branch, and the other loss keeps the dtype it had. None when the trail states the dtype
    another way, or where `placed(step)` says the test can't be read."""
    for step in chain:
        node, source = step.node, step.source
        name = last_name(node.func) if isinstance(node, cst.Call) else None
        for arg in node.args if name is not None else ():
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword == "dtype" or (keyword is None and name in ("to", "type") and arg is node.args[0]):
                old = source.module.code_for_node(arg.value)
                match = DTYPE_NAME.match(old.strip("'\""))
                spelled = _respelled(old, match, wanted) if match is not None else None
                if spelled is None or match["name"] in RIGHT[wanted] or not placed(step):
                    return None
                value = f"{old} if {test} else {spelled}" if negated else f"{spelled} if {test} else {old}"
                new = node.deep_replace(arg.value, cst.parse_expression(value))
                return _edit(source, node, new, wanted, "where its dtype is set, by the branch that picks the loss")
        if stated_kind(step, wanted) is not None:
            return None
    return None


def _factory_fill(step: Step, name: str | None, positional: list, wanted: str) -> Edit | None:
    """`torch.full(size, 1)` takes its dtype from the fill: an integer fill makes int64 labels, so
    the fill is written as the float it means (`1.0`) where a floating tensor is wanted."""
    if name != "full" or len(positional) != 2 or wanted != FLOATING or argument(step.node, 2, "dtype") is not None \
            or not isinstance(positional[1].value, cst.Integer):
        return None
    fill = positional[1].value
    new = step.node.deep_replace(fill, cst.Float(f"{fill.value}.0"))
    return _edit(step.source, step.node, new, wanted, "where its dtype is set by the fill")


def _respelled(code: str, match: re.Match, wanted: str) -> str | None:
    """The same dtype spelling, of the wanted kind: `torch.float` -> `torch.long`, `np.int32` ->
    `np.int64`, `"float64"` -> `"float32"`."""
    if code[:1] in "'\"":
        return f"{code[0]}{SPELLING[wanted]['numpy']}{code[0]}"
    prefix = match["prefix"]
    if prefix is None:
        return SPELLING[wanted]["builtin"] if wanted == INTEGER and match["name"] == "float" else None
    family = "torch" if prefix.split(".")[-1] == "torch" else "numpy"
    return f"{prefix}.{SPELLING[wanted][family]}"


def cast_at(step: Step, wanted: str, where: str) -> Edit:
    source, node = step.source, step.node
    name = last_name(node.func) if isinstance(node, cst.Call) else None
    has_dtype = isinstance(node, cst.Call) and any(a.keyword is not None and a.keyword.value == "dtype"
                                                   for a in node.args)
    if name in ("tensor", "as_tensor") and isinstance(node.func, cst.Attribute) and not has_dtype:
        prefix = source.module.code_for_node(node.func.value)
        return _edit(source, node, _with_dtype(node, f"{prefix}.{SPELLING[wanted]['torch']}"), wanted, where)
    new = wrap(source.module.code_for_node(node), f".{SPELLING[wanted]['method']}()")
    return _edit(source, node, new, wanted, where)


def _edit(source: Source, old: cst.CSTNode, new: cst.CSTNode, wanted: str, where: str) -> Edit:
    what = {INTEGER: "class indices and ids must be int64", FLOATING: "targets and inputs must be float32",
            UNIT_IMAGE: "8-bit images (0..255) go to the model as float32 in [0, 1]"}[wanted]
    if wanted == UNIT_IMAGE:
        new = _scaled(source, old, new)
    reason = f"Changed {source.code(old)} to {' '.join(source.module.code_for_node(new).split())} {where}: {what}"
    return source.edit(source.replaced(old, new), source.line_of(old), reason)


def _scaled(source: Source, old: cst.CSTNode, cast: cst.CSTNode) -> cst.BaseExpression:
    """The cast 8-bit image divided by 255 where it is made: `.div(255.0)` on a tensor, `/ 255.0`
    on a numpy array (parenthesized where the expression goes on, as in `a.astype(...)[0]`)."""
    code = source.module.code_for_node(cast)
    if not (isinstance(cast, cst.Call) and last_name(cast.func) == "astype"):
        return wrap(code, ".div(255.0)")
    parent = source.parents.get(old)
    goes_on = isinstance(parent, (cst.Attribute, cst.Subscript)) or isinstance(parent, cst.Call) and parent.func is old
    return cst.parse_expression(f"({code} / 255.0)" if goes_on else f"{code} / 255.0")


def read_after(step: Step) -> bool:
    """The value made at `step` is bound to a name that later lines of the same function read
    (`images[: n // 2] //= 2`, `labels = images.mean((1, 2)) > 100` after `self.images = ...`)."""
    source = step.source
    statement = source.statement_at(source.line_of(step.node))
    function = source.function_of(step.node)
    assign = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and statement.body else None
    if function is None or not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
        return False
    target = re.escape(source.code(assign.targets[0].target).strip())
    end = source.line_of(statement)
    later = [s for s in own_nodes(function, cst.SimpleStatementLine) if source.line_of(s) > end]
    return any(re.search(rf"(?<![\w.]){target}(?!\w)", source.code(s)) for s in later)
