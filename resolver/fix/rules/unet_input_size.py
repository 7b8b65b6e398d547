"""## What it does
Sets an encoder-decoder's input size to a multiple of 2**d, d the times its encoder halved the
input (read from the feature maps the failing forwards hold), where that size is written: the
one integer of that value named as a size (`--width` default, `IMG_SIZE = 500`, `"crop":
(135, 190)`, `Resize(...)`, a `size=` keyword), or the one config line that sets a size name to
it (`tile_size: 30`, or in a list: `image_size: [120, 120]` sets both). The nearest multiple is
taken (the next one up on a tie). Only when the model's input is not such a multiple; a mismatch
of another kind (a decoder layer that gives the wrong size) is left alone.

## Why is this bad?
`Sizes of tensors must match except in dimension 1. Expected size 11 but got size 10`: each
pooling floors an odd size (95 -> 47), the decoder doubles it back to an even one (46), and the
skip connection it is joined with in torch.cat no longer fits.

## Example
```python
parser.add_argument('--width', type=int, default=190)  # a U-Net with 5 poolings
```

Use instead:
```python
parser.add_argument('--width', type=int, default=192)
```
"""

from __future__ import annotations

import math
import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import CONFIG_SUFFIXES, config_file_edits, config_files, replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, project_files, project_sources
from resolver.write.edits import Change, Edit, Workspace

NOT_SPATIAL = re.compile(r"batch|kernel|hidden|embed|vocab|latent|feature|channel|patch|window|step", re.IGNORECASE)
# a config line setting a name to a list of sizes: `image_size: [120, 120]`, `"crop": (135, 190),`
LISTED_SIZES = re.compile(r"(?:^|(?<=[\s{,]))[\"']?(?P<key>[A-Za-z_][\w.-]*)[\"']?\s*[:=]\s*"
                          r"[\[(](?P<items>\s*\d+\s*(?:,\s*\d+\s*)+)[\])]")
OFF_BY_ONE = re.compile(r"Expected size (\d+) but got size (\d+)")
SIZE_NAME = re.compile(r"size|width|height|resol|shape|crop|resize|interpolate|^(img|image|input)_?(h|w)$|^[hwHW]$",
                       re.IGNORECASE)


def _halvings(diagnosis: Diagnosis) -> tuple[tuple[int, ...], int] | None:
    """The model input's spatial sizes and d: how many times the smallest feature map of that
    batch, in the failing forwards' frames, was halved from it."""
    if not diagnosis.modules or not diagnosis.modules[0].inputs or diagnosis.modules[0].inputs[0] is None:
        return None
    shape = diagnosis.modules[0].inputs[0].shape
    if len(shape) < 4:
        return None
    spatial = tuple(shape[2:])
    maps = [t.shape[2:] for f in diagnosis.frames if f.user for t in f.tensors.values()
            if t is not None and len(t.shape) == len(shape) and t.shape[0] == shape[0]]
    # a map pooled to 1 (global pooling, an attention gate) says nothing about the encoder's depth
    depths = [min(int(math.log2(size / low)) for size, low in zip(spatial, m)) for m in maps
              if all(1 < low <= size for size, low in zip(spatial, m))]
    return (spatial, max(depths)) if depths else None


def _named_as_size(source: Source, node: cst.Integer) -> bool:
    """The integer is written where a spatial size is named: an argparse flag's default, an
    assignment or dict entry or keyword of a size name (alone or in a tuple), an argument of
    Resize/crop; not a batch, kernel or hidden size."""
    name = _size_name(source, node)
    return name is not None and bool(SIZE_NAME.search(name)) and not NOT_SPATIAL.search(name)


def _size_name(source: Source, node: cst.Integer) -> str | None:
    """The name the integer is written under: a flag, a keyword, a callee, a target, a dict key."""
    for parent in _ancestors(source, node, 4):
        if isinstance(parent, cst.Arg) and parent.keyword is not None:
            if parent.keyword.value == "default":
                call = source.parents.get(parent)
                flags = [a.value.evaluated_value for a in call.args if isinstance(a.value, cst.SimpleString)]
                return " ".join(f.lstrip("-") for f in flags if f.startswith("-")) or None
            return parent.keyword.value
        if isinstance(parent, cst.Call):
            return source.code(parent.func).rsplit(".", 1)[-1]
        if isinstance(parent, (cst.Assign, cst.AnnAssign)):
            targets = [t.target for t in parent.targets] if isinstance(parent, cst.Assign) else [parent.target]
            return " ".join(source.code(t).rsplit(".", 1)[-1] for t in targets)
        if isinstance(parent, cst.DictElement) and isinstance(parent.key, cst.SimpleString):
            return parent.key.evaluated_value
        if not isinstance(parent, (cst.Tuple, cst.List, cst.Element, cst.Arg)):
            return None
    return None


def _ancestors(source: Source, node: cst.CSTNode, limit: int) -> Iterator[cst.CSTNode]:
    for _ in range(limit):
        node = source.parents.get(node)
        if node is None:
            return
        yield node


def _nearest_multiple(size: int, step: int) -> int:
    below = max(step, size - size % step)
    above = below + step if below < size else below
    return below if size - below < above - size else above


class UnetInputSize(Rule):
    categories = ("shape.cat_sizes",)

    def matches(self, diagnosis: Diagnosis) -> bool:
        """A skip and its decoder map one apart: an odd size floored by a pooling, doubled back."""
        sizes = OFF_BY_ONE.search(diagnosis.message)
        return super().matches(diagnosis) and sizes is not None and abs(int(sizes[1]) - int(sizes[2])) == 1

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = _halvings(diagnosis)
        if found is None or found[1] < 1:
            return
        spatial, depth = found
        step = 2 ** depth
        wrong = {size for size in spatial if size % step}
        if not wrong:
            return  # the input fits the poolings: the mismatch is the architecture's
        written = {size: [(s, n) for s in project_sources(workspace) for n in s.nodes(cst.Integer)
                          if n.evaluated_value == size and _named_as_size(s, n)] for size in wrong}
        changes = ", ".join(f"{size} -> {_nearest_multiple(size, step)}" for size in sorted(wrong))
        reason = (f"Set the input size to a multiple of {step} ({changes}): the model halves it {depth} times, so "
                  f"another size is floored on the way down and the decoder's map no longer fits its skip connection")
        configured = {size: config_file_edits(workspace, _config_keys(workspace, size), size,
                                              _nearest_multiple(size, step), f"(where the setting is made): {reason}")
                      for size in wrong}
        listed = _config_lists(workspace, wrong, step, f"(where the setting is made): {reason}")
        if any(len(written[size]) + len({e.file for e in configured[size]}) + sum(size in s for s, _ in listed) != 1
               for size in wrong):
            return  # a size not written as one, or written in several places: which one feeds the model is unsure
        in_configs = _one_per_file([e for edits in configured.values() for e in edits] + [e for _, e in listed])
        origins = [place for places in written.values() for place in places]
        edits = list(in_configs)
        for source in dict.fromkeys(s for s, _ in origins):
            swaps = {n: cst.Integer(str(_nearest_multiple(n.evaluated_value, step))) for s, n in origins if s is source}
            edits.append(source.edit(replaced_all(source.module, swaps), source.line_of(next(iter(swaps))), reason))
        yield Edit(tuple(c for e in edits for c in e.changes), edits[0].line, edits[0].reason if in_configs else reason)


def _one_per_file(edits: list[Edit]) -> list[Edit]:
    """Config-line edits of one file (`tile_height: 30`, `tile_width: 30`) as one edit of that file."""
    merged: dict = {}
    for edit in edits:
        change = edit.changes[0]
        first = merged.get(change.file)
        if first is None:
            merged[change.file] = edit
            continue
        lines = first.changes[0].after.splitlines(keepends=True)
        lines[edit.line - 1] = change.after.splitlines(keepends=True)[edit.line - 1]
        merged[change.file] = Edit((Change(change.file, change.before, "".join(lines)),), first.line, first.reason)
    return list(merged.values())


def _config_lists(workspace: Workspace, wrong: set[int], step: int, why: str) -> list[tuple[set[int], Edit]]:
    """The lines of the project's config files that set a size name to a list of sizes holding a wrong
    one (`image_size: [120, 120]`, `"crop": [135, 190]`), each as (the wrong sizes it holds, an edit of
    every wrong one to its multiple)."""
    found = []
    for path in config_files(workspace):
        text = workspace.text(path)
        lines = text.splitlines(keepends=True)
        for number, line in enumerate(lines):
            match = next((m for m in LISTED_SIZES.finditer(line) if SIZE_NAME.search(m["key"])
                          and not NOT_SPATIAL.search(m["key"])), None)
            sizes = [int(v) for v in re.findall(r"\d+", match["items"])] if match else []
            if not wrong & set(sizes):
                continue
            items = re.sub(r"\d+", lambda m: str(_nearest_multiple(int(m[0]), step)) if int(m[0]) in wrong else m[0],
                           match["items"])
            edited = line[:match.start("items")] + items + line[match.end("items"):]
            setting = edited[match.start():match.end() + len(items) - len(match["items"])]
            reason = f"Changed {match[0].strip()} to {setting.strip()} in {path.name} {why}"
            changed = "".join(lines[:number] + [edited] + lines[number + 1:])
            found.append((wrong & set(sizes), Edit((Change(path.resolve(), text, changed),), number + 1, reason)))
    return found


def _config_keys(workspace: Workspace, size: int) -> set[str]:
    """The keys of the project's config files that set a spatial size to `size` (`crop_size: 62`)."""
    setting = re.compile(rf"^\s*[\"']?([A-Za-z_][\w.-]*)[\"']?\s*[:=]\s*{size}\s*(?:[,#]|$)")
    keys = {m[1] for path in project_files(workspace, CONFIG_SUFFIXES) for line in workspace.text(path).splitlines()
            if (m := setting.match(line))}
    return {k for k in keys if SIZE_NAME.search(k) and not NOT_SPATIAL.search(k)}
