"""Helpers the loss rules share: the loss calls on a line, what a failing loss module was given,
a project class's method, the edit a loss rule makes, which op made a loss non-finite, and how a file
spells torch.nn.functional."""

from __future__ import annotations

import re
from typing import Callable, Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import argument, last_name
from resolver.write.edits import Edit, Workspace

OUT_OF_BOUNDS = re.compile(r"Target (-?\d+) is out of bounds")  # the target index a loss refused
SIZES = re.compile(r"(?:Target size|Using a target size) \(torch\.Size\(\[([\d, ]*)\]\)\)"
                   r" (?:must be the same as|that is different to the) input size \(torch\.Size\(\[([\d, ]*)\]\)\)")


def target_and_input_sizes(message: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The shapes an element-wise loss (BCE, BCE with logits) refused: (target, input)."""
    match = SIZES.search(message)
    if match is None:
        return None
    return tuple(int(n) for n in match[1].split(",") if n.strip()), tuple(int(n) for n in match[2].split(",")
                                                                       if n.strip())


def index_targets(diagnosis: Diagnosis) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, int]] | None:
    """(target shape, scores shape, (min, max) of the targets) when an element-wise loss refused (N,) or
    (N, 1) targets of whole numbers in 0..C-1 against (N, C) scores: class indices, maybe."""
    sizes = target_and_input_sizes(diagnosis.message)
    if sizes is None:
        return None
    target, scores = sizes
    if len(scores) != 2 or target not in ((scores[0],), (scores[0], 1)):
        return None
    fact = loss_input(diagnosis, 1)
    values = fact and (fact.whole_values or (fact.min is not None and (fact.min, fact.max)) or None)
    if not values or values[0] < 0 or values[1] >= scores[1]:
        return None
    return target, scores, values[:2]


def loss_calls(source: Source, line: int) -> list[cst.Call]:
    """Calls on the line that take (input, target), innermost first."""
    return [c for c in reversed(source.on_line(cst.Call, line))
            if len([a for a in c.args if a.keyword is None and not a.star]) >= 2
            or argument(c, 1, "target") is not None]


def loss_input(diagnosis: Diagnosis, position: int):
    """What the failing loss module was given at `position` (0 input, 1 target), when one raised."""
    module = diagnosis.module
    if module is not None and module.class_name.endswith("Loss") and len(module.inputs) > position:
        return module.inputs[position]
    return None


def class_method(tracer: Tracer, source: Source, instance, frame, method: str):
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


def logits_classes(diagnosis: Diagnosis, frame, logits) -> int | None:
    """The classes the loss's logits hold (dimension 1, or the last of flattened scores), from the probe's facts."""
    fact = (frame.tensors.get(logits.value) if isinstance(logits, cst.Name) else None) or loss_input(diagnosis, 0)
    if fact is not None and len(fact.shape) >= 2:
        return fact.shape[1]
    flattened = _flattened(logits)  # `F.cross_entropy(scores.view(-1, C), y)`: the classes stay last
    fact = frame.tensors.get(flattened.value) if flattened is not None else None
    return fact.shape[-1] if fact is not None and len(fact.shape) >= 2 else None


def _flattened(logits) -> cst.Name | None:
    """`scores` in `scores.view(-1, C)`, `scores.reshape(-1, C)`, `scores.contiguous().view(-1, C)`."""
    node = logits
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
            and node.func.attr.value in ("view", "reshape", "contiguous"):
        node = node.func.value
    return node if node is not logits and isinstance(node, cst.Name) else None


def changed(source: Source, old: cst.CSTNode, new: cst.CSTNode, why: str) -> Edit:
    reason = f"Changed {source.code(old)} to {' '.join(source.module.code_for_node(new).split())} {why}"
    return source.edit(source.replaced(old, new), source.line_of(old), reason)


def first_frame_edits(diagnosis: Diagnosis, workspace: Workspace,
                      contract: Callable[[Diagnosis, Tracer, Frame, Source], Iterator[Edit]]) -> Iterator[Edit]:
    """The contract's edits at the innermost user frame that has any, its tensors followed with one tracer."""
    tracer = Tracer(diagnosis, workspace)
    for frame, source in user_frames(diagnosis, workspace):
        edits = list(contract(diagnosis, tracer, frame, source))
        if edits:
            yield from edits
            return


def nonfinite_from(diagnosis: Diagnosis, ops: tuple[str, ...]) -> bool:
    """The probe's rerun found the first non-finite value in one of these ops, not in the data."""
    origin = diagnosis.health.get("origin") or {}
    return origin.get("op") in ops and not origin.get("from_data")


def functional_spelling(source: Source) -> tuple[str, bool]:
    """How the file spells torch.nn.functional where it calls it (`F`, `nn.functional`), and
    whether that spelling needs `import torch`."""
    for node in source.nodes(cst.Attribute):
        if source.qualified_names(node.value) == {"torch.nn.functional"} \
                and source.enclosing(node, (cst.Import, cst.ImportFrom)) is None:
            return source.code(node.value), False
    for module in source.nodes((cst.Import, cst.ImportFrom), lambda i: isinstance(i.names, (list, tuple))):
        for alias in module.names:  # `import torch.nn.functional as F`, `from torch.nn import functional as F`
            named = ".".join(filter(None, (source.code(module.module) if isinstance(module, cst.ImportFrom)
                                           and module.module else "", source.code(alias.name))))
            if named == "torch.nn.functional" and alias.asname is not None and isinstance(alias.asname.name, cst.Name) \
                    and source.enclosing(module, cst.FunctionDef) is None:
                return alias.asname.name.value, False
    return f"{source.torch}.nn.functional", True
