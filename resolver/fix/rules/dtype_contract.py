"""## What it does
Gives a tensor the dtype its consumer takes, by one table (category -> wanted kind):
class-index targets and ids are integers (cross_entropy / nll_loss / CrossEntropyLoss targets,
`one_hot`, embedding ids, tensor indices); BCE / BCE-with-logits / class-probability targets
are floating; model inputs are floating and match the float32 weights. The offending tensor is
traced back (see _origin.py) to where it was made, and the fix goes to the first place on that
trail that says the dtype: an explicit cast or `dtype=` (`.float()` -> `.long()`,
`dtype=torch.float` -> `dtype=torch.long`, `astype(np.int32)` -> `astype(np.int64)`,
`torch.Tensor([...])` -> `torch.tensor([...], dtype=torch.long)`), else the conversion into
torch (`torch.from_numpy(a)` -> `torch.from_numpy(a).long()`), else, for a numpy sample the
default collate converts, where the dataset keeps the array (`.astype(np.float32)`), else where
the tensor is stored in the dataset, else the call that failed. Float64 tensors that meet on
one line (`torch.cat([x1, x2])`) are each cast where they are made, in one edit. A uint8 image
(0..255) into a convolution (or a 3-D/4-D one into a Linear) is cast and scaled to [0, 1] where it is made
(`.float().div(255.0)`, `.astype(np.float32) / 255.0`), at a cast or a conversion of its values,
never at a factory or a decoder that states uint8 (`np.zeros`, `frombuffer`), nor where the
dataset keeps the array when its constructor reads it again in 0..255 units (then where the sample
is taken); only cast when the project normalises 0..255 values itself (a `/ 255`, a mean/std in
0..255 units), or when the values are no higher than 1 (a mask, an occupancy grid).
When a branch the code states picks the loss that takes the target (`criterion =
nn.CrossEntropyLoss() if n_classes > 1 else nn.BCEWithLogitsLoss()`, or the same in an `if`/`else`)
and the other loss takes another kind, the cast follows that branch: the stated dtype becomes
`torch.long if n_classes > 1 else torch.float32` where the branch's test can be read (see
_loss_choice.py); a functional loss called in its own branch gets the cast at its call; a loss
chosen where no cast can follow (a helper, a model attribute) gets none.

## Why is this bad?
`expected target dtype to be Long`, `one_hot is only applicable to index tensor`, `Found dtype
Long but expected Float`, `mat1 and mat2 must have the same dtype`, `Input type (double) and
bias type (float)`: the tensor was made with another dtype than the one its consumer takes. A
float64 array goes to float32 where numpy makes it only when nothing on the way combines it
with other arrays (their dtypes decide too). Integer ids fed to a Linear, Conv or RNN are a
design error (they need an Embedding), not a cast: nothing is proposed, unless they are one
non-negative count per input feature made from a Python list (see _count_features). With no
layer in between (`torch.mm(X, w)`, `x @ w`: `double != float`), the float64 operand on the line
is the one traced back; float32 data against float64 coefficients (`float != double`) is left
alone: that precision is the author's choice.

## Example
```python
labels = torch.tensor(df["label"].values, dtype=torch.float)
loss = F.cross_entropy(logits, labels)
```

Use instead:
```python
labels = torch.tensor(df["label"].values, dtype=torch.long)
loss = F.cross_entropy(logits, labels)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame, Tensor
from resolver.fix.rules._byte_images import byte_image, intensities, scales_bytes
from resolver.fix.rules._dtype_origin import (
    FLOATING,
    INTEGER,
    UNIT_IMAGE,
    cast_at,
    cast_when,
    fix_at_origin,
    kind_of,
    stated_kind,
)
from resolver.fix.rules._loss_choice import CALL_SITE, UNSURE, Choice, loss_choice
from resolver.fix.rules._origin import Step, Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import BUILTINS, argument, last_name
from resolver.write.edits import Edit, Workspace, combined

WANTS = {"dtype.index_expected": INTEGER, "dtype.float_target": FLOATING, "dtype.mismatch": FLOATING}
# callee -> (position, keyword) of the argument whose dtype the contract is about
INDEX_ARGUMENTS = {"cross_entropy": (1, "target"), "nll_loss": (1, "target"), "CrossEntropyLoss": (1, "target"),
                   "NLLLoss": (1, "target"), "one_hot": (0, "tensor"), "embedding": (0, "input"),
                   "Embedding": (0, "input"), "EmbeddingBag": (0, "input"),
                   "gather": (2, "index"), "index_select": (2, "index"), "multi_margin_loss": (1, "target")}
FLOAT_ARGUMENTS = {"binary_cross_entropy": (1, "target"), "binary_cross_entropy_with_logits": (1, "target"),
                   "BCELoss": (1, "target"), "BCEWithLogitsLoss": (1, "target"), "cross_entropy": (1, "target"),
                   "CrossEntropyLoss": (1, "target"), "mse_loss": (1, "target"), "l1_loss": (1, "target"),
                   "smooth_l1_loss": (1, "target"), "huber_loss": (1, "target"), "kl_div": (1, "target"),
                   "soft_margin_loss": (1, "target"), "multilabel_soft_margin_loss": (1, "target")}
STRAY_CASTS = {"float16": ("half",), "bfloat16": ("bfloat16",), "float64": ("double",)}
WEIGHTS = re.compile(r"and (Float)\b|(bias|weight) type \((float)\)|weight dtype \(torch\.(float32)\)"
                     r"|expected scalar type (Float) but found|but got: double != (float)\b", re.IGNORECASE)
SHAPE_OF = {"randn_like", "rand_like", "zeros_like", "ones_like", "empty_like", "full_like", "randint_like"}
DOUBLE = re.compile(r"\bDouble\b|\(double\)|torch\.float64\)|got: double\b")
WIDER_WEIGHTS = re.compile(r"but got Float and (Double|Half)"
                           r"|Input type \(float\) and (bias|weight) type \((double|c10::Half|half)\)"
                           r"|input dtype \(torch\.float32\) does not match weight dtype \(torch\.(float64|float16)\)")

class DtypeContract(Rule):
    categories = tuple(WANTS)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        wanted = WANTS[diagnosis.category]
        tracer = Tracer(diagnosis, workspace)
        if diagnosis.category == "dtype.mismatch" and WIDER_WEIGHTS.search(diagnosis.message):
            yield from _stray_model_cast(tracer, ("double", "half"))
            return
        odd = STRAY_CASTS.get(_input_dtype(diagnosis))
        if diagnosis.category == "dtype.mismatch" and odd:
            # a half/double input next to float32 weights: most often a submodule cast on its own
            found = list(_stray_model_cast(tracer, odd))
            if found:
                yield from found
                return
        counts = diagnosis.category == "dtype.mismatch" and _count_features(diagnosis)
        if diagnosis.category == "dtype.mismatch" and not counts and not _model_input_castable(diagnosis):
            return  # integer ids into a layer: not a cast
        images = diagnosis.module is not None and byte_image(_given(diagnosis), diagnosis.module.class_name) \
            and intensities(_given(diagnosis))
        if images and not scales_bytes(tracer.project_sources()):
            wanted = UNIT_IMAGE  # the cast where the image is made also scales it to [0, 1]
        if _fed_by_sequential_item(diagnosis):
            return
        for frame, source in user_frames(diagnosis, workspace):
            nodes = [n for n in _offending(diagnosis, frame, source, FLOATING if wanted == UNIT_IMAGE else wanted) if n]
            if not nodes:
                continue
            chains = [tracer.chain(source, node, frame) for node in nodes]
            if diagnosis.category != "dtype.mismatch" and len(nodes) == 1:
                chosen = _branch_cast(source, nodes[0], chains[0], wanted, tracer)
                if chosen is not None:
                    yield from [chosen] if isinstance(chosen, Edit) else []
                    return
            if counts:
                edit = _counts_made(chains[0])
                if edit is not None:
                    yield edit
                return
            # float64 tensors that meet on one line (`torch.cat([x1, x2])`): each is cast where it was made
            edit = _together([fix_at_origin(chain, wanted, _float64_input(diagnosis), images) for chain in chains])
            if edit is not None:
                yield edit
            if any(len(chain) > 1 for chain in chains) and (edit is None or edit.file != source.path
                                                            or edit.line != frame.line):
                # when the trail missed a later cast
                yield _together([cast_at(chain[0], wanted, "where it is used") for chain in chains])
            return


def _branch_cast(source: Source, node: cst.BaseExpression, chain: list[Step], wanted: str,
                 tracer: Tracer) -> Edit | str | None:
    """The cast when a branch the code states picks the loss that takes the target (see
    _loss_choice.py): the stated dtype made conditional on that branch, where the branch's test
    can be read (the same function, after it); the cast at the call when the loss is called in
    its own branch; else UNSURE (no edit: a plain cast would break the other loss). None when no
    branch picks between losses of other kinds."""
    call = source.parents.get(source.parents.get(node))
    if not isinstance(call, cst.Call):
        return None
    choice = loss_choice(source, call, wanted, tracer.project_sources())
    if choice == CALL_SITE:
        return cast_at(chain[0], wanted, "where it is used, in the branch that calls this loss")
    if not isinstance(choice, Choice):
        return choice
    test = choice.source.code(choice.test).strip()
    if isinstance(choice.test, (cst.IfExp, cst.Lambda)):
        test = f"({test})"

    def placed(step: Step) -> bool:
        function = step.source.function_of(step.node)
        return step.source is choice.source and function is choice.source.function_of(choice.statement) \
            and step.source.line_of(step.node) > choice.source.line_of(choice.statement)
    return cast_when(chain, wanted, test, choice.negated, placed) or UNSURE


def _fed_by_sequential_item(diagnosis: Diagnosis) -> bool:
    """The layer that raised is a later item of an nn.Sequential and an item before it made its
    input's dtype (the Sequential took another dtype, as an Embedding's ids): no cast in the
    project's frames reaches that input. A pass-through item (Flatten, Dropout, ReLU) keeps the
    Sequential's dtype, and the cast where its input is made still fixes it."""
    modules = diagnosis.modules
    index = modules[-1].path.rsplit(".", 1)[-1] if modules else ""
    if len(modules) < 2 or modules[-2].class_name != "Sequential" or not index.isdigit() or index == "0":
        return False
    outer, inner = (m.inputs[0] if m.inputs else None for m in modules[-2:])
    return outer is None or inner is None or outer.dtype != inner.dtype


def _together(edits: list[Edit | None]) -> Edit | None:
    if None in edits or len(edits) == 1:
        return edits[0] if len(edits) == 1 else None
    return combined(edits, "; ".join(dict.fromkeys(e.reason for e in edits)))


def _given(diagnosis: Diagnosis) -> Tensor | None:
    """The module input of the odd dtype: the float64 one when the message names double, else the first."""
    inputs = [t for t in diagnosis.module.inputs if t is not None] if diagnosis.module is not None else []
    double = [t for t in inputs if t.dtype == "float64" and re.search(DOUBLE, diagnosis.message)]
    return (double or inputs or [None])[0]


def _input_dtype(diagnosis: Diagnosis) -> str | None:
    match = re.search(r"input dtype \(torch\.(\w+)\)", diagnosis.message)
    return _given(diagnosis).dtype if _given(diagnosis) is not None else match[1] if match else None


def _stray_model_cast(tracer: Tracer, casts: tuple[str, ...]) -> Iterator[Edit]:
    """The one `.double()`/`.half()` on a module where the rest of the model is float32 goes."""
    found = []
    for source in tracer.project_sources():
        for call in source.nodes(cst.Call, lambda c: isinstance(c.func, cst.Attribute) and not c.args
                                 and c.func.attr.value in casts):
            chain = tracer.chain(source, call.func.value, None)
            if any(isinstance(s.node, cst.Call) and (last_name(s.node.func) or "")[:1].isupper() for s in chain):
                found.append((source, call))
    if len(found) == 1:
        source, call = found[0]
        reason = (f"Changed {source.code(call)} to {source.code(call.func.value)}: the model was cast to "
                  f"{call.func.attr.value} while its data and the rest of the code are float32")
        yield source.edit(source.replaced(call, call.func.value), source.line_of(call), reason)


def _model_input_castable(diagnosis: Diagnosis) -> bool:
    """The weights are float32 and the input is floating (or a project module's float64 input:
    `bmm(adj, h)` says `expected ... Double but found Float`), or uint8 images (see _byte_images.py)."""
    module, given = diagnosis.module, _given(diagnosis)
    if not (WEIGHTS.search(diagnosis.message) or given is not None and given.dtype == "float64"):
        return False
    if given is None or kind_of(given.dtype) == FLOATING:
        return given is None or given.dtype != "float32"  # a float32 input: no cast to float32 changes it
    return byte_image(given, module.class_name)


def _count_features(diagnosis: Diagnosis) -> bool:
    """Integers into a Linear, one per input feature, none negative: a vector of counts (a bag of
    words, hashed n-grams), to be cast to float where it is made. Ids of another length need an
    Embedding, not a cast, and are left alone (so is a vector whose dtype the code states: see
    _counts_made)."""
    module = diagnosis.module
    given = module.inputs[0] if module is not None and module.inputs else None
    return bool(WEIGHTS.search(diagnosis.message)) and given is not None and module.class_name == "Linear" \
        and kind_of(given.dtype) == INTEGER and given.dtype != "bool" and len(given.shape) >= 2 \
        and given.shape[-1] == module.attributes.get("in_features") and given.min is not None and given.min >= 0


def _counts_made(chain: list[Step]) -> Edit | None:
    """`torch.tensor(counts)` -> `torch.tensor(counts, dtype=torch.float32)`, only where Python
    ints of the project's own making (a list display, a comprehension, `[0] * n`) become a tensor
    and nothing on the trail states an integer dtype: a stated int64, or an array from elsewhere
    (`from_numpy` of hashed ids), is a decision this rule does not overturn."""
    if any(stated_kind(step, FLOATING) is not None for step in chain):
        return None
    at = next((i for i, s in enumerate(chain) if isinstance(s.node, cst.Call)
               and last_name(s.node.func) in ("tensor", "as_tensor")), None)
    if at is None or not any(isinstance(s.node, (cst.List, cst.ListComp)) and not s.path for s in chain[at + 1:]):
        return None
    return cast_at(chain[at], FLOATING, "where the count features are made")


def _offending(diagnosis: Diagnosis, frame: Frame, source: Source, wanted: str) -> list[cst.BaseExpression]:
    """The expression on the frame's line that holds the tensor of the wrong dtype; for a dtype
    mismatch, each name on the line that holds a float64 tensor (once)."""
    calls = list(reversed(source.on_line(cst.Call, frame.line)))  # innermost first
    table = INDEX_ARGUMENTS if wanted == INTEGER else FLOAT_ARGUMENTS
    if diagnosis.category != "dtype.mismatch":
        for call in calls:
            name = last_name(call.func)
            where = table.get(name)
            if where is not None and name in ("gather", "index_select") and isinstance(call.func, cst.Attribute) \
                    and last_name(call.func.value) != "torch":
                where = (where[0] - 1, where[1])  # x.gather(dim, index)
            if where is not None:
                found = argument(call, *where)
                if found is not None and _loss_shapes_agree(diagnosis, frame, call, found, wanted):
                    return [found]
        module = diagnosis.module
        if module is not None and module.class_name in table and frame is diagnosis.location:
            for call in calls:
                positional = [a for a in call.args if a.keyword is None and not a.star]
                if len(positional) == len(module.inputs) and last_name(call.func) not in table \
                        and all(_may_hold(frame, a.value, t) for a, t in zip(positional, module.inputs)):
                    if module.class_name in ("Embedding", "EmbeddingBag") or _index_shape_agrees(module.inputs, wanted):
                        return [argument(call, *table[module.class_name])]
    given = _given(diagnosis)
    if diagnosis.category == "dtype.mismatch":
        # no module took it (`torch.mm(X, w)`): the float64 tensors on the line, when the message names double
        odd = given.dtype if given else "float64" if _float64_input(diagnosis) else None
        bad = {n for n, t in frame.tensors.items() if t.dtype == odd}
    else:
        bad = {n for n, t in frame.tensors.items() if kind_of(t.dtype) != wanted}
    for subscript in source.on_line(cst.Subscript, frame.line):
        for element in subscript.slice:
            index = getattr(element.slice, "value", None)
            if wanted == INTEGER and isinstance(index, cst.Name) and index.value in bad:
                return [index]
    if diagnosis.category == "dtype.mismatch":
        found = {}
        # `loss = torch.sub(net(x), y)`: only what goes into the model reaches the failing layer, not `y` beside it
        models = [c for c in calls if source.code(c.func) in frame.models]
        inside = [c for c in calls if any(c is m or source.within(c, m) for m in models)] if models else calls
        for call in inside:
            if isinstance(call.func, cst.Name) and call.func.value in BUILTINS or last_name(call.func) in SHAPE_OF:
                continue  # `len(xb)` beside `model(xb)`, `randn_like(x)`: never the layer that failed
            for arg in call.args:  # `torch.cat([a, b])`: the elements of a list or tuple too
                elements = [e.value for e in arg.value.elements] if isinstance(arg.value, (cst.List, cst.Tuple)) \
                    else [arg.value]
                for value in (o for e in elements for o in _operands(e)):
                    if isinstance(value, cst.Name) and value.value in bad and (
                            not models or any(source.within(value, m) for m in models)):
                        found.setdefault(value.value, value)
        # the name that holds the module's input, else each float64 name its input was built from
        whole = [node for name, node in found.items() if given is not None and frame.tensors[name].shape == given.shape]
        return whole[:1] or list(found.values())
    return []


def _operands(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`x + noise * s` -> x, noise, s: what an arithmetic argument is computed from."""
    if isinstance(node, cst.BinaryOperation):
        return _operands(node.left) + _operands(node.right)
    return [node]


NARROW_INTEGER_TARGET = re.compile(r"expected target dtype to be Long.*but got (?:Int|Short|Char)\b")
CASTS = {"long": "int64", "int": "int32", "short": "int16", "byte": "uint8", "bool": "bool", "float": "float32",
         "double": "float64", "half": "float16", "bfloat16": "bfloat16"}  # Tensor methods: the dtype they give


def _may_hold(frame: Frame, node: cst.BaseExpression, tensor: Tensor | None) -> bool:
    """Whether an argument can be the module's input: not a literal, and a name holding a tensor
    of the input's shape when the probe saw one."""
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString, cst.UnaryOperation)):
        return False
    if tensor is not None and isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) \
            and node.func.attr.value in CASTS and CASTS[node.func.attr.value] != tensor.dtype:
        return False  # `labels.long()` beside the failing call: a cast that makes another dtype than the input had
    seen = frame.tensors.get(node.value) if isinstance(node, cst.Name) else None
    return seen is None or tensor is None or seen.shape == tensor.shape


def _loss_shapes_agree(diagnosis: Diagnosis, frame: Frame, call: cst.Call, target: cst.BaseExpression,
                       wanted: str) -> bool:
    """A class-index target has the input's shape without its class dimension; a target of
    another shape is a shape bug that a cast would hide."""
    if wanted != INTEGER or last_name(call.func) not in ("cross_entropy", "nll_loss", "CrossEntropyLoss", "NLLLoss"):
        return True
    if NARROW_INTEGER_TARGET.search(diagnosis.message):
        return True  # int32 class indices: a shape bug would not make them integers
    first = argument(call, 0, "input")
    facts = [frame.tensors.get(n.value) if isinstance(n, cst.Name) else None for n in (first, target)]
    return _index_shape_agrees(tuple(facts), wanted)


def _index_shape_agrees(inputs: tuple[Tensor | None, ...], wanted: str) -> bool:
    if wanted != INTEGER:
        return True
    if len(inputs) < 2 or inputs[0] is None or inputs[1] is None:
        return False  # the shapes can't be checked: a float tensor of another shape is not a label vector
    logits, target = inputs[0].shape, inputs[1].shape
    return len(logits) >= 2 and target == logits[:1] + logits[2:]


def _float64_input(diagnosis: Diagnosis) -> bool:
    given = _given(diagnosis)
    return given.dtype == "float64" if given is not None else bool(re.search(DOUBLE, diagnosis.message))
