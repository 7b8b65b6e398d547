"""Helpers the data rules share: a Dataset's `__getitem__`, the nodes under a node, a module's
names."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import ScopeProvider

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import methods
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import own_nodes
from resolver.write.edits import Workspace

CONV_SPATIAL = {"Conv1d": 1, "Conv2d": 2, "Conv3d": 3}  # a convolution's spatial dimensions


def getitem_of(workspace: Workspace, loader) -> tuple[Source | None, cst.FunctionDef | None]:
    """The `__getitem__` of the loader's Dataset class, in the file that defines it."""
    if loader.dataset_file is None:
        return None, None
    source = Source.parse(workspace, loader.dataset_file)
    name = (loader.dataset_class or "").rsplit(".", 1)[-1]
    classes = source.nodes(cst.ClassDef, lambda c: c.name.value == name) if source else []
    return source, methods(classes[0]).get("__getitem__") if len(classes) == 1 else None


def returned_sample(workspace: Workspace, loader) -> tuple:
    """(the file, `__getitem__`, its one return, the sample it returns first) of the loader's
    Dataset; None where it has no single return of a value."""
    source, getitem = getitem_of(workspace, loader)
    returns = own_nodes(getitem, cst.Return) if getitem is not None else []
    if len(returns) != 1 or returns[0].value is None:
        return None
    value = returns[0].value
    return source, getitem, returns[0], value.elements[0].value if isinstance(value, cst.Tuple) and value.elements \
        else value


def drawn_sample(diagnosis: Diagnosis, workspace: Workspace) -> tuple | None:
    """returned_sample of the loader's Dataset, when the failing layer's input is the batch as the loop
    drew it (drawn_so): the samples made it so, not the model."""
    layer = diagnosis.module
    if layer is None or not layer.inputs or layer.inputs[0] is None or not drawn_so(diagnosis, layer.inputs[0].shape):
        return None
    return returned_sample(workspace, diagnosis.loader)


def descendants(node: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []

    class Collect(cst.CSTVisitor):
        def on_visit(self, child):
            found.append(child)
            return True

    node.visit(Collect())
    return found


def module_names(source: Source) -> set[str]:
    scopes = source.wrapper.resolve(ScopeProvider)
    return {a.name for a in scopes[source.module].assignments}


def drawn_so(diagnosis: Diagnosis, shape: tuple) -> bool:
    """A frame outside the model (the loop that drew the batch, a trainer's step: before the first
    `forward`) holds a tensor of that very shape: the batch came so from the data, not from the
    model's own permute."""
    outside = []
    for frame in diagnosis.frames:  # outermost first
        if frame.function == "forward":
            break
        outside.append(frame)
    return any(t.shape == shape for f in outside if f.user for t in f.tensors.values() if t is not None)


def numpy_made(source, getitem: cst.FunctionDef, name: str) -> bool:
    """The sample is a numpy array (numpy transposes with several axes; it has no permute)."""
    made = [source.code(a.value) for a in own_nodes(getitem, cst.Assign)
            if any(source.code(t.target) == name or name in source.code(t.target).split(", ") for t in a.targets)]
    return bool(made) and any(k in made[-1] for k in ("np.", "numpy", "cv2.", "Image.", "imread"))
