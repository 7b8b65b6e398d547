"""A model built for another image size than the one it is given: the size parameter of its
constructor (`out_size`, `img_size`, `resolution`) whose value explains, alone, the features the
failing layer receives. The layer then follows its setting: the setting (or the data) is wrong,
never the layer's own arithmetic."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Module
from resolver.fix.retarget import evaluate
from resolver.fix.rules._project import classes_named, methods
from resolver.fix.rules._source import Source, argument, project_files, project_sources
from resolver.fix.rules._syntax import parameter_names
from resolver.write.edits import Workspace

# a setting that states the spatial size of a model's input (not `input_dim`, `hidden_size`, `patch_size`)
SIZE_NAME = re.compile(r"^(?:(?:img|image|im|input|in|out|output|crop|gt|train|data)_?)?(?:size|res|resolution)$",
                       re.IGNORECASE)
# a config object's field as the probe's scope names it: `cfg.img_size`, `opt['out_size']`
FIELD = re.compile(r"""^(\w+)(?:\.(\w+)|\[['"](\w+)['"]\])$""")
MATMUL = re.compile(r"\(\d+x(\d+) and (\d+)x\d+\)")


@dataclass(frozen=True)
class SizeSetting:
    """The model, its constructor's size parameter (name, position), the size it was built for,
    the size of the images it is given, the features its layer expected and got."""

    model: Module
    name: str
    index: int | None  # None: read from a config object the constructor takes (`cfg.img_size`)
    built_for: int
    given_size: int
    declared: int
    given: int


def size_setting(diagnosis: Diagnosis, workspace: Workspace) -> SizeSetting | None:
    """The one size setting that explains the failing layer's width, in the outermost model that has one:
    the input is (N, C, D, ..., D) with at least two spatial sizes, the model was built with S != D,
    and the layer gets `declared * (D / S) ** k` features, or the features its own argument gives with
    D for S (`width * (img_size // 8) ** 2`, where the poolings' floors break the proportion)."""
    widths = layer_widths(diagnosis)
    if widths is None or len(diagnosis.modules) < 2:
        return None
    declared, given = widths
    for model in diagnosis.modules[:-1]:
        size = image_size(model)
        if size is None or model.site is None:
            continue
        data, k = size
        settings = [(name, index, value) for name, index, value, key in _size_settings(diagnosis, workspace, model)
                    if value != data and (given * value ** k == declared * data ** k
                                          or _argument_gives(diagnosis, workspace, key, data) == given)]
        if len(settings) == 1:
            name, index, built_for = settings[0]
            return SizeSetting(model, name, index, built_for, data, declared, given)
        if settings:
            return None  # more than one setting could: which is wrong is not known
    return None


def _argument_gives(diagnosis: Diagnosis, workspace: Workspace, name: str, size: int) -> int | None:
    """The failing layer's own first argument evaluated in the scope it was built in, `name` (a
    name, `cfg.img_size`, `opt['out_size']`) set to `size`; None unless the same expression gives
    the width it was built with."""
    layer = diagnosis.module
    site = layer.site
    source = Source.parse(workspace, site.file) if site is not None and name in site.scope else None
    call = source and source.call_at(site)
    arg = call and argument(call, 0, "in_features")
    if arg is None:
        return None
    code = source.module.code_for_node(arg.value)
    if evaluate(code, site.scope) != layer.attributes.get("in_features"):
        return None
    return evaluate(code, {**site.scope, name: size})


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


def image_size(model: Module) -> tuple[int, int] | None:
    """(D, k) for an input (N, C, D, ..., D) with k equal spatial sizes."""
    shape = model.inputs[0].shape if model.inputs and model.inputs[0] is not None else ()
    spatial = shape[2:]
    # images or volumes: a rank-3 input is as often (N, L, features) as (N, C, L)
    if len(shape) < 4 or len(set(spatial)) != 1 or spatial[0] < 2:
        return None
    return spatial[0], len(spatial)


def _size_settings(diagnosis: Diagnosis, workspace: Workspace,
                   model: Module) -> Iterator[tuple[str, int | None, int, str]]:
    """(name, position, value, scope key) of each size setting of the model's constructor: a
    parameter (`img_size`), or a field of a config object it takes (`cfg.img_size`,
    `opt['out_size']`), its value read from the model's attributes or from the constructor's
    scope as the probe saw it where the model built its layers."""
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
            yield name, index, values.pop(), name
    fields = {}
    for scope in scopes:
        for key, value in scope.items():
            match = FIELD.match(key)
            if match and match[1] in names and SIZE_NAME.match(match[2] or match[3]):
                fields.setdefault((match[2] or match[3], key), set()).add(value)
    for (name, key), values in fields.items():
        if len(values) == 1:
            yield name, None, values.pop(), key


# `image_size: 32` in a YAML file, `"img_size": 64` in a JSON one, `resolution = 48` in a TOML one
SETTING_LINE = re.compile(r"""^\s*["']?(\w+)["']?\s*[:=]\s*(\d+)\s*,?\s*(?:#.*)?$""")


def stated_size(workspace: Workspace, size: int) -> str | None:
    """Where the project states `size` as an image-size setting: a name or field that looks like
    one set to it (`image_size = 32`, `resolution: int = 40`), an option's default
    (`add_argument("--img-size", default=64)`), a dict key or a config file's line. A width written
    as today's literal would not follow it."""
    for source in project_sources(workspace):
        for node in source.nodes((cst.Assign, cst.AnnAssign, cst.Call, cst.DictElement)):
            found = _stated_in(node, size)
            if found:
                return f"{found} in {source.path.name}"
    for path in project_files(workspace, (".json", ".yaml", ".yml", ".toml", ".cfg", ".ini")):
        for line in workspace.peek(path).splitlines()[:2000]:
            match = SETTING_LINE.match(line)
            if match and SIZE_NAME.match(match[1]) and int(match[2]) == size:
                return f"{match[1]} in {Path(path).name}"
    return None


def _stated_in(node: cst.CSTNode, size: int) -> str | None:
    def is_size(value) -> bool:
        return isinstance(value, cst.Integer) and value.evaluated_value == size

    if isinstance(node, (cst.Assign, cst.AnnAssign)):
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        names = [t.attr.value if isinstance(t, cst.Attribute) else getattr(t, "value", None) for t in targets]
        return next((n for n in names if isinstance(n, str) and SIZE_NAME.match(n)), None) \
            if is_size(node.value) else None
    if isinstance(node, cst.DictElement):
        key = node.key.evaluated_value if isinstance(node.key, cst.SimpleString) else None
        return key if isinstance(key, str) and SIZE_NAME.match(key) and is_size(node.value) else None
    default = next((a.value for a in node.args if a.keyword and a.keyword.value == "default"), None)
    option = node.args[0].value if node.args and isinstance(node.args[0].value, cst.SimpleString) else None
    name = option.evaluated_value if option is not None else ""
    name = name.lstrip("-").replace("-", "_") if isinstance(name, str) else ""
    return name if default is not None and is_size(default) and SIZE_NAME.match(name) else None
