"""8-bit images: a uint8 image holds 0..255, and the convention a model is trained on is the image
in [0, 1] (what `ToTensor` gives). A cast of such an image to float keeps 0..255, so the cast
where the image is made also scales it, unless the project already normalises 0..255 values
itself: a division by 255 (or 127.5) somewhere, or a mean/std in 0..255 units (ImageNet's
`mean=[123.675, 116.28, 103.53]`). Then the cast alone gives that code what it expects."""

from __future__ import annotations

import libcst as cst

from resolver.diagnose.diagnosis import Tensor
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import last_name

FULL_SCALE = (255.0, 127.5)  # x / 255 -> [0, 1]; x / 127.5 - 1 -> [-1, 1]
DIVIDES = ("div", "div_", "true_divide", "divide")
STATISTICS = ("mean", "std")


def byte_image(tensor: Tensor | None, layer: str) -> bool:
    """uint8 images reaching a layer with float weights: a convolution's input of any rank, or a
    Linear's 3-D/4-D input (an MLP over image rows)."""
    if tensor is None or tensor.dtype != "uint8" or len(tensor.shape) < 3:
        return False
    return layer.startswith("Conv") or layer == "Linear" and len(tensor.shape) <= 4


def intensities(tensor: Tensor) -> bool:
    """Whether uint8 values are 8-bit intensities: values no higher than 1 are a mask or an
    occupancy grid, which is cast to float and never scaled."""
    return tensor.max is None or tensor.max > 1


def scales_bytes(sources: list[Source]) -> bool:
    """Whether the project shows it normalises 0..255 values itself."""
    return any(_divides_by_full_scale(source) or _statistics_in_bytes(source) for source in sources)


def _number(node: cst.CSTNode | None, constants: dict[str, float]) -> float | None:
    if isinstance(node, (cst.Integer, cst.Float)):
        return float(node.evaluated_value)
    if isinstance(node, (cst.Name, cst.Attribute)):
        return constants.get(last_name(node))
    return None


def _constants(source: Source) -> dict[str, float]:
    """`MAX_PIXEL = 255` and the like: names bound to a number anywhere in the file."""
    found = {}
    for assign in source.nodes(cst.Assign, lambda a: len(a.targets) == 1):
        target, value = assign.targets[0].target, assign.value
        if isinstance(target, (cst.Name, cst.Attribute)) and isinstance(value, (cst.Integer, cst.Float)):
            found[last_name(target)] = float(value.evaluated_value)
    return found


def _divides_by_full_scale(source: Source) -> bool:
    constants = _constants(source)
    for operation in source.nodes(cst.BinaryOperation, lambda b: isinstance(b.operator, cst.Divide)):
        if _number(operation.right, constants) in FULL_SCALE:
            return True
    for call in source.nodes(cst.Call, lambda c: last_name(c.func) in DIVIDES and c.args):
        if _number(call.args[-1].value, constants) in FULL_SCALE:
            return True
    return False


def _statistics_in_bytes(source: Source) -> bool:
    """A mean or std (a keyword, or a name that says so) made of numbers above 1 and at most 255."""
    for display in source.nodes((cst.List, cst.Tuple)):
        numbers = [_number(e.value, {}) for e in display.elements]
        if not numbers or None in numbers or not any(1.0 < n <= 255.0 for n in numbers):
            continue
        owner = _owner_name(source, display)
        if owner and any(word in owner.lower() for word in STATISTICS):
            return True
    return False


def _owner_name(source: Source, node: cst.CSTNode) -> str | None:
    """The keyword or assigned name that a value is given to, through calls that wrap it
    (`MEAN = torch.tensor([...])`, `Normalize(mean=[...])`)."""
    parents = source.parents
    parent = parents.get(node)
    while parent is not None:
        if isinstance(parent, cst.Call) and last_name(parent.func) == "Normalize":
            return "mean"  # Normalize(mean, std), given positionally
        if isinstance(parent, cst.Arg) and parent.keyword is not None:
            return parent.keyword.value
        if isinstance(parent, cst.Assign) and len(parent.targets) == 1:
            return last_name(parent.targets[0].target)
        if isinstance(parent, cst.AnnAssign):
            return last_name(parent.target)
        if not isinstance(parent, (cst.Arg, cst.Call, cst.Attribute, cst.List, cst.Tuple, cst.Element)):
            return None
        parent = parents.get(parent)
    return None
