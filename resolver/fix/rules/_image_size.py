"""A model built for another image size than the one it is given: the size parameter of its
constructor (`out_size`, `img_size`, `resolution`) whose value explains, alone, the features the
failing layer receives. The layer then follows its setting: the setting (or the data) is wrong,
never the layer's own arithmetic."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from resolver.diagnose.diagnosis import Diagnosis, Module
from resolver.fix.rules._project import classes_named, methods
from resolver.fix.rules._syntax import parameter_names
from resolver.write.edits import Workspace

# a setting that states the spatial size of a model's input (not `input_dim`, `hidden_size`, `patch_size`)
SIZE_NAME = re.compile(r"^(?:(?:img|image|im|input|in|out|output|crop|gt|train|data)_?)?(?:size|res|resolution)$",
                       re.IGNORECASE)
MATMUL = re.compile(r"\(\d+x(\d+) and (\d+)x\d+\)")


@dataclass(frozen=True)
class SizeSetting:
    """The model, its constructor's size parameter (name, position), the size it was built for,
    the size of the images it is given, the features its layer expected and got."""

    model: Module
    name: str
    index: int
    built_for: int
    given_size: int
    declared: int
    given: int


def size_setting(diagnosis: Diagnosis, workspace: Workspace) -> SizeSetting | None:
    """The one size setting that explains the failing layer's width, in the outermost model that has one:
    the input is (N, C, D, ..., D) with at least two spatial sizes, the model was built with S != D,
    and the layer gets `declared * (D / S) ** k` features."""
    widths = layer_widths(diagnosis)
    if widths is None or len(diagnosis.modules) < 2:
        return None
    declared, given = widths
    for model in diagnosis.modules[:-1]:
        size = _image_size(model)
        if size is None or model.site is None:
            continue
        data, k = size
        settings = [(name, index, value) for name, index, value in _size_settings(diagnosis, workspace, model)
                    if value != data and given * value ** k == declared * data ** k]
        if len(settings) == 1:
            name, index, built_for = settings[0]
            return SizeSetting(model, name, index, built_for, data, declared, given)
        if settings:
            return None  # more than one setting could: which is wrong is not known
    return None


def layer_widths(diagnosis: Diagnosis) -> tuple[int, int] | None:
    """(the features the failing layer was built for, those it was given)."""
    layer = diagnosis.module
    if layer is None or not layer.inputs or layer.inputs[0] is None or not layer.inputs[0].shape:
        return None
    given = layer.inputs[0].shape[-1]
    declared = layer.attributes.get("in_features")
    if type(declared) is not int:
        match = MATMUL.search(diagnosis.message)  # a layer of the project's own calling F.linear
        if match is None or int(match[1]) != given:
            return None
        declared = int(match[2])
    return (declared, given) if declared != given else None


def _image_size(model: Module) -> tuple[int, int] | None:
    """(D, k) for an input (N, C, D, ..., D) with k equal spatial sizes."""
    shape = model.inputs[0].shape if model.inputs and model.inputs[0] is not None else ()
    spatial = shape[2:]
    # images or volumes: a rank-3 input is as often (N, L, features) as (N, C, L)
    if len(shape) < 4 or len(set(spatial)) != 1 or spatial[0] < 2:
        return None
    return spatial[0], len(spatial)


def _size_settings(diagnosis: Diagnosis, workspace: Workspace, model: Module) -> Iterator[tuple[str, int, int]]:
    """(name, position, value) of each size parameter of the model's constructor, its value read
    from the model's attributes or from the constructor's scope as the probe saw it where the
    model built its layers."""
    classes = list(classes_named(workspace, model.class_name))
    if len(classes) != 1:
        return
    source, node = classes[0]
    init = methods(node).get("__init__")
    if init is None:
        return
    names = parameter_names(init)[1:]  # less self
    scopes = [m.site.scope for m in diagnosis.modules
              if m.site is not None and m.site.function == "__init__" and m.site.file.resolve() == source.path
              and source.positions[node].start.line <= m.site.line <= source.positions[node].end.line]
    for index, name in enumerate(names):
        if not SIZE_NAME.match(name):
            continue
        values = {v for v in [model.attributes.get(name), *(s.get(name) for s in scopes)] if type(v) is int}
        if len(values) == 1:
            yield name, index, values.pop()
