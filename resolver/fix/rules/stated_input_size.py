"""## What it does
Resizes the samples where the Dataset makes them to the input size the model states: a Linear
whose `in_features` has a factor that names the final feature map's area, `fc_scale = 7 * 7` (a
class attribute or constant written `k * k` or `k ** 2`), reads `C * k * k` features; the run shows
it got `C * s * s` from square (D, D) images, so the body shrinks its input by D / s and was built
for `k * D / s`. `__getitem__` gets `img = torch.nn.functional.interpolate(img[None], size=(W, W),
mode='bilinear', align_corners=False)[0]` before it returns the sample. It fires only when the
sample is a tensor named in the return, the batch reached the model as the loader drew it, D / s
is whole, and no size setting of the project explains the width (input_size_setting's). It does not
fire when the targets drawn with the batch are anything but class labels ((N,) integers: boxes,
keypoints or masks in pixels would keep the old scale), when `__getitem__` already resizes (its own
size is the setting to change, not a second resize to stack), or when the comment beside the stated
map names the data's own size (`fc_scale = 7 * 7  # two poolings of a 28x28 digit` on 28x28 data:
the body is what is off).

## Why is this bad?
`mat1 and mat2 shapes cannot be multiplied (8x8192 and 6272x128)`: a face-recognition backbone
sized its head for 112x112 crops (`fc_scale = 7 * 7` after four halvings) and was given 128x128
ones. Widening the Linear would change the architecture the code states (and any checkpoint it
loads); the data is what is off. Without such a statement of the map it wants (a bare
`nn.Linear(8192, 128)`), which side is wrong is not known, and nothing is proposed.

## Example
```python
class Backbone(nn.Module):
    fc_scale = 7 * 7
    ...
        self.fc = nn.Linear(512 * self.fc_scale, 128)

def __getitem__(self, index):
    img = torch.from_numpy(self.imgs[index]).permute(2, 0, 1).float()  # 128x128 crops
    return img, self.labels[index]
```

Use instead:
```python
def __getitem__(self, index):
    img = torch.from_numpy(self.imgs[index]).permute(2, 0, 1).float()  # 128x128 crops
    img = torch.nn.functional.interpolate(img[None], size=(112, 112), mode='bilinear', align_corners=False)[0]
    return img, self.labels[index]
```
"""

from __future__ import annotations

import math
import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._dataset import drawn_so, numpy_made, returned_sample
from resolver.fix.rules._image_size import image_size, layer_widths, size_setting
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument
from resolver.fix.rules._syntax import own_nodes
from resolver.write.edits import Edit, Workspace

RESIZES = {"interpolate", "resize", "Resize", "upsample", "RandomResizedCrop", "CenterCrop", "RandomCrop", "thumbnail"}
INTEGERS = {"int64", "int32", "int16", "int8", "uint8"}


class StatedInputSize(Rule):
    categories = ("shape.linear_in_features",)
    priority = -4  # before the width rules: the layer is what the code states, the samples are not

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        widths, layer = layer_widths(diagnosis), diagnosis.module
        if widths is None or layer.site is None or diagnosis.loader is None:
            return
        declared, given = widths
        source = Source.parse(workspace, layer.site.file)
        call = source.call_at(layer.site) if source is not None else None
        arg = argument(call, 0, "in_features") if call is not None else None
        factors = _factors(arg.value) if arg is not None else []
        sides = {k for factor in factors if (k := _side(source, call, factor)) is not None}
        if len(sides) != 1:
            return  # the code states no final map, or several
        k = sides.pop()
        channels, spare = divmod(declared, k * k)
        area = given // channels if channels and not spare and given % channels == 0 else 0
        s = math.isqrt(area)
        model = next((m for m in diagnosis.modules[:-1] if image_size(m) is not None), None)
        if not area or s * s != area or s == k or model is None or image_size(model)[1] != 2:
            return
        size = image_size(model)[0]
        if size % s or not drawn_so(diagnosis, model.inputs[0].shape) or size_setting(diagnosis, workspace):
            return
        wanted = k * (size // s)
        if _names(_remarks(source, call, factors), size):
            return  # the map's own comment names the data's size: the body is off, not the data
        if not _labels_only(diagnosis, model.inputs[0].shape):
            return  # targets tied to pixel positions, or not seen: a resize of the images alone would break them
        yield from _resized(workspace, diagnosis, wanted, f"{layer.path or layer.class_name} reads {channels} x "
                            f"{k}x{k} features, the map {source.code(arg.value)} states; {size}x{size} samples "
                            f"leave {s}x{s}, so the model was built for {wanted}x{wanted}")


def _resized(workspace: Workspace, diagnosis: Diagnosis, wanted: int, why: str) -> Iterator[Edit]:
    """The resize before `__getitem__` returns its one sample tensor, named in the return."""
    found = returned_sample(workspace, diagnosis.loader)
    if found is None:
        return
    source, getitem, returned, sample = found
    if not isinstance(sample, cst.Name) or numpy_made(source, getitem, sample.value):
        return
    name, statement = sample.value, source.parents[returned]
    if any(_last_name(c.func) in RESIZES for c in own_nodes(getitem, cst.Call)):
        return  # it resizes already, to a size of its own: a second resize would stack on it
    block = list(source.parents[statement].body)
    # right where the sample is finished, or else before the return; where an `if self.transform:`
    # makes the tensor from an array, inside that block: without a transform the sample is no tensor
    made = [s for s in block[:block.index(statement)] if _assigns(source, s, name)]
    after = made[-1] if made else None
    while isinstance(after, cst.If) and after.orelse is None and isinstance(after.body, cst.IndentedBlock):
        inner = [s for s in after.body.body if _assigns(source, s, name)]
        after = inner[-1] if inner else None
    added = cst.parse_statement(f"{name} = {source.torch}.nn.functional.interpolate({name}[None], size=({wanted}, "
                                f"{wanted}), mode='bilinear', align_corners=False)[0]\n")
    new = [after, added] if after is not None else [added, statement]
    yield source.edit(source.replaced(after or statement, cst.FlattenSentinel(new)), source.line_of(returned),
                      f"Resized the samples to {wanted}x{wanted} in {getitem.name.value}: {why}", uses_torch=True)


def _assigns(source: Source, statement: cst.CSTNode, name: str) -> bool:
    return any([source.code(t.target) for t in a.targets] == [name] for a in own_nodes(statement, cst.Assign))


def _last_name(func: cst.BaseExpression) -> str:
    return func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""


def _names(text: str, size: int) -> bool:
    return re.search(rf"(?<![\d.]){size}(?![\d.])", text) is not None


def _remarks(source: Source, call: cst.Call, factors: list) -> str:
    """The comments on the layer's line and on the lines that assign its factors (`fc_scale = 7 * 7
    # two poolings of a 28x28 digit`): what the author says the map is made from."""
    names = {source.code(f.attr if isinstance(f, cst.Attribute) else f) for f in factors}
    scopes = [c.body for c in [source.enclosing(call, cst.ClassDef)] if c is not None] + [source.module]
    lines = [source.enclosing(call, cst.SimpleStatementLine)] + [
        s for scope in scopes for s in scope.body if isinstance(s, cst.SimpleStatementLine)
        and isinstance(s.body[0], cst.Assign) and [source.code(t.target) for t in s.body[0].targets][0] in names]
    return " ".join(c.value for line in lines if line is not None
                    for c in [line.trailing_whitespace.comment, *(e.comment for e in line.leading_lines)] if c)


def _labels_only(diagnosis: Diagnosis, shape: tuple) -> bool:
    """Whether the batch that reached the model came with class labels only, (N,) integer tensors,
    where the loop drew it: a target tied to pixel positions (keypoints, boxes, masks) would keep
    the old scale under a resize of the images alone."""
    for frame in diagnosis.frames:
        if frame.function == "forward":
            break
        tensors = [t for t in frame.tensors.values() if t is not None]
        if frame.user and any(t.shape == shape for t in tensors):
            others = [t for t in tensors if t.shape != shape and t.shape[:1] == shape[:1]]
            return bool(others) and all(len(t.shape) == 1 and t.dtype in INTEGERS for t in others)
    return False


def _factors(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The operands of a product, `a * b * self.c` -> [a, b, self.c]."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
        return _factors(node.left) + _factors(node.right)
    return [node]


def _side(source: Source, call: cst.Call, node: cst.BaseExpression, depth: int = 0) -> int | None:
    """k for a factor written `k * k` or `k ** 2`, or a name (`fc_scale`, `self.fc_scale`) assigned so
    in the class that builds the layer or at module level."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.left, cst.Integer):
        right, left = node.right, int(node.left.value)
        if isinstance(node.operator, cst.Multiply) and isinstance(right, cst.Integer) and int(right.value) == left \
                or isinstance(node.operator, cst.Power) and isinstance(right, cst.Integer) and right.value == "2":
            return left
        return None
    name = node.attr.value if isinstance(node, cst.Attribute) and source.code(node.value) in {"self", "cls"} \
        else node.value if isinstance(node, cst.Name) and depth == 0 else None
    if name is None or depth:
        return None
    scopes = [c.body for c in [source.enclosing(call, cst.ClassDef)] if c is not None] + [source.module]
    values = [s.body[0].value for scope in scopes for s in scope.body
              if isinstance(s, cst.SimpleStatementLine) and isinstance(s.body[0], cst.Assign)
              and [source.code(t.target) for t in s.body[0].targets] == [name]]
    return _side(source, call, values[0], depth + 1) if len(values) == 1 else None
