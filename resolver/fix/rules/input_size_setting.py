"""## What it does
Sets a model's input-size setting (`out_size`, `img_size`, `image_size`, `resolution`, ...: a
constructor parameter, or a field of the config object it takes, `cfg["image_size"]`) to the
size of the images it is given, where the setting is made: the line of the config file
(YAML/JSON/TOML, under the setting's name or the key the code reads it with; among several, the
one in the section the code hands the model) or the Python
literal it is followed to (a constant, a config class's default, an argparse default, a dict
entry). It fires only when three facts agree: the model's input is `(N, C, D, D)` (at least two
equal spatial sizes) while the probe saw the constructor hold `S != D`; the layer that failed
receives exactly the features it would have at D (`declared * (D / S) ** k`, or its own
argument, `width * (img_size // 8) ** 2`, evaluated with D); and another size setting of the
project or the command line (`gt_size: 32`, the generator's `out_size: 32`, a `--crop-size`
default) already states D, and none states S.

## Why is this bad?
`mat1 and mat2 shapes cannot be multiplied (8x256 and 1024x64)`: a network whose depth or final
Linear is computed from its input size was built for 64x64 images and given 32x32 ones (an
option file adapted to new data in every field but one). Rewriting the Linear would hide the
wrong setting: the body still downsamples for the other size. Nothing is proposed when the data
is not square, when no other setting states the data's size (the data may be the wrong one),
or when the config has several such lines and the constructor's section does not single one out.

## Example
```python
@dataclass
class TrainConfig:
    crop_size: int = 32  # the patches the dataset cuts
    img_size: int = 64  # the discriminator's input size

critic = Discriminator(cfg.img_size)  # nn.Linear(width * 4 * (img_size // 8) ** 2, 1)
```

Use instead:
```python
@dataclass
class TrainConfig:
    crop_size: int = 32  # the patches the dataset cuts
    img_size: int = 32  # the discriminator's input size
```

The same holds for an option file: `network_d: {out_size: 64}` beside `gt_size: 32` becomes
`out_size: 32`.
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Module
from resolver.fix.rules._definitions import trail
from resolver.fix.rules._image_size import SIZE_NAME, layer_widths, size_setting
from resolver.fix.rules._project import config_file_edits, config_files
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, project_files, project_sources
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Edit, Workspace

# `name: 32`, `name = 32`, `"name": 32`, `name: int = 32`, `"--name", type=int, default=32`
SETTING = re.compile(r"""(?P<key>[\w-]+)["']?\s*(?::\s*int\s*=|[:=])\s*(?P<value>\d+)\b""")
OPTION = re.compile(r"""["']--?(?P<key>[\w-]+)["'][^\n]*?\bdefault\s*=\s*(?P<value>\d+)\b""")


class InputSizeSetting(Rule):
    categories = ("shape.linear_in_features",)
    priority = -1  # before module_input: a layer sized for another image size is fixed in the size setting

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and len(diagnosis.modules) >= 2 and layer_widths(diagnosis) is not None

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = size_setting(diagnosis, workspace)
        if found is None:
            return
        model, layer = found.model, diagnosis.module
        why = (f"(the model's input is {'x'.join(map(str, model.inputs[0].shape))}: {model.class_name} was built "
               f"for {found.built_for}, so layer {layer.path or layer.class_name} gets {found.given} features "
               f"instead of {found.declared})")
        edits = _config_file_line(workspace, model, found.name, found.index, found.built_for, found.given_size, why) \
            or _python_literal(workspace, model, found.name, found.index, found.built_for, found.given_size, why)
        # the project's other size settings back the data's size and not the model's: the data is
        # right and this one setting was left behind (a generator built for another size than
        # the data hands its discriminator images that are wrong, not the discriminator)
        others = _other_sizes(workspace, edits[0]) if len(edits) == 1 else set()
        if found.given_size in others and found.built_for not in others:
            yield edits[0]


def _config_file_line(workspace: Workspace, model: Module, name: str, index: int | None, old: int, new: int,
                      why: str) -> list[Edit]:
    """The config-file line that sets the model's size, under the setting's name or a key the
    argument was read with on its way (`Net(size=opt["resolution"])`); among several (a
    generator's and a discriminator's), the one under the section the code hands the model
    (`opt['network_d']`)."""
    names = {name, *_keys_read(workspace, model, name, index)}
    edits = config_file_edits(workspace, names, old, new, f"(where the setting is made) {why}")
    if len(edits) < 2:
        return edits
    sections = _keys_on_the_way(workspace, model)
    return [e for e in edits if _section(e.changes[0].before.splitlines(), e.line - 1, names) in sections]


def _keys_read(workspace: Workspace, model: Module, name: str, index: int | None) -> set[str]:
    """The attribute names and string keys the size argument was followed through."""
    keys = set()
    for _, node, _ in trail(workspace, model.site, index, name) if index is not None else []:
        if isinstance(node, cst.Attribute):
            keys.add(node.attr.value)
        elif isinstance(node, cst.Subscript) and len(node.slice) == 1:
            key = getattr(getattr(node.slice[0].slice, "value", None), "evaluated_value", None)
            if isinstance(key, str):
                keys.add(key)
    return keys


def _keys_on_the_way(workspace: Workspace, model: Module) -> set[str]:
    """The string keys the lines that built the model read (`build_network(opt['network_d'])`)."""
    keys = set()
    for site in (model.site, *model.site.callers):
        source = Source.parse(workspace, site.file)
        if source is None:
            continue
        for node in source.on_line(cst.SimpleString, site.line):
            value = node.evaluated_value
            if isinstance(value, str):
                keys.add(value)
    return keys


def _section(lines: list[str], number: int, names: set[str]) -> str | None:
    """The key of the map that holds the setting on line `number`: an inline map opened before it on
    that line (`"model": {"resolution": 64}`), else the nearest line above that is less indented."""
    line = lines[number]
    at = min((line.find(n) for n in names if n in line), default=len(line))
    inline = re.findall(r"""["']?([\w-]+)["']?\s*[:=]\s*\{""", line[:at])
    if inline:
        return inline[-1]
    indent = len(line) - len(line.lstrip())
    for above in reversed(lines[:number]):
        stripped = above.strip()
        if stripped and not stripped.startswith("#") and len(above) - len(above.lstrip()) < indent:
            return stripped.split(":", 1)[0].strip("\"' ")
    return None


def _python_literal(workspace: Workspace, model: Module, name: str, index: int | None, old: int, new: int,
                    why: str) -> list[Edit]:
    """The integer literal the size argument was followed to (the call's own argument, a
    constant, a config class's default, an argparse default); else the one literal `old` the
    project's code sets under the setting's name (`"image_size": 64`, `img_size: int = 64`)."""
    links = trail(workspace, model.site, index, name) if index is not None else []
    file, node, what = links[-1] if links else (None, None, "")
    if not (isinstance(node, cst.Integer) and node.evaluated_value == old):
        named = [found for source in project_sources(workspace) for found in _named_literals(source, name, old)]
        if len(named) != 1:
            return []
        file, node, what = named[0]
    reason = f"Changed {what or f'the argument {name}'} from {old} to {new} (where the setting is made) {why}"
    return [file.edit(file.replaced(node, cst.Integer(str(new))), file.line_of(node), reason)]


def _named_literals(source: Source, name: str, value: int) -> Iterator[tuple[Source, cst.Integer, str]]:
    """Each integer literal `value` set under `name`: a dict entry, an assignment to a name or an
    attribute (a class field), a keyword argument."""
    def the_literal(node) -> bool:
        return isinstance(node, cst.Integer) and node.evaluated_value == value

    for element in source.nodes(cst.DictElement, lambda e: the_literal(e.value)):
        if isinstance(element.key, cst.SimpleString) and element.key.evaluated_value == name:
            yield source, element.value, f'the "{name}" entry'
    for assign in source.nodes((cst.Assign, cst.AnnAssign), lambda a: the_literal(a.value)):
        targets = [t.target for t in assign.targets] if isinstance(assign, cst.Assign) else [assign.target]
        if any(last_name(t) == name for t in targets if isinstance(t, (cst.Name, cst.Attribute))):
            yield source, assign.value, f"`{name}`"
    for arg in source.nodes(cst.Arg, lambda a: the_literal(a.value)):
        if arg.keyword is not None and arg.keyword.value == name:
            yield source, arg.value, f"the {name} argument"


def _other_sizes(workspace: Workspace, edit: Edit) -> set[int]:
    """The values of the project's other size settings (the dataset's crop, the other network's
    size), in its code, the config files the code names, and on the command line."""
    changed = edit.changes[0].file
    given = re.finditer(r"--?(?P<key>[\w-]+)[ =](?P<value>\d+)\b", " ".join(workspace.arguments))
    sizes = {int(m["value"]) for m in given if SIZE_NAME.match(m["key"].replace("-", "_"))}
    for path in [*project_files(workspace), *config_files(workspace)]:  # not data (a 100 MB annotation JSON)
        for number, line in enumerate(workspace.text(path).splitlines(), 1):
            if path.resolve() == changed and number == edit.line:
                continue
            for match in (*SETTING.finditer(line), *OPTION.finditer(line)):
                if SIZE_NAME.match(match["key"].lstrip("-").replace("-", "_")):
                    sizes.add(int(match["value"]))
    return sizes
