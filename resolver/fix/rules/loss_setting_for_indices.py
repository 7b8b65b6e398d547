"""## What it does
Sets the project's loss setting to the cross-entropy entry of its own table of losses when the
targets are class indices: the criterion is looked up in a dict that holds both
`BCEWithLogitsLoss` and `CrossEntropyLoss` (`LOSSES[cfg["train"]["loss"]]()`,
`CRITERIA[args.criterion]()`), the setting names the BCE entry, and the targets hold one class index
0..C-1 (C > 2) per sample against (N, C) logits. The value changes where it is set: the config
file's line (YAML, JSON, TOML, INI) or the argparse default, and only for a run given no options:
options may pick a dataset or a config that other runs do not (a setting shared with a multi-label
task), and a value given on the command line is the user's choice.

## Why is this bad?
`Target size (torch.Size([64])) must be the same as input size (torch.Size([64, 5]))`: BCE with
logits scores each class on its own and wants a row of C zeros and ones per sample; the data gives
one class index per sample, which is what the table's cross entropy takes. A setting left at the
binary task's loss is the usual cause. Only a table the project wrote is read, so the loss is one
the author meant to offer.

## Example
```python
CRITERIA = {"bce": nn.BCEWithLogitsLoss, "ce": nn.CrossEntropyLoss}
parser.add_argument("--criterion", default="bce")  # the targets are topic indices 0..3
```

Use instead:
```python
CRITERIA = {"bce": nn.BCEWithLogitsLoss, "ce": nn.CrossEntropyLoss}
parser.add_argument("--criterion", default="ce")
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._declarations import argparse_default
from resolver.fix.rules._loss import index_targets
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._project import config_file_edits
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Edit, Workspace


def _indices_against_logits(diagnosis: Diagnosis) -> tuple[int, int] | None:
    """(classes, largest index) when a BCE-with-logits loss got whole numbers in 0..C-1 against C > 2 logits
    (the batch may hold only 0s and 1s: the table's cross entropy says what the targets are)."""
    found, module = index_targets(diagnosis), diagnosis.module
    if found is None or module is None or module.class_name != "BCEWithLogitsLoss":
        return None
    _, scores, values = found
    return (scores[1], values[1]) if scores[1] > 2 else None


def _entry(source: Source, element: cst.DictElement) -> str | None:
    """The loss class a table's entry builds: `nn.CrossEntropyLoss`, `torch.nn.BCEWithLogitsLoss`."""
    return last_name(element.value) if isinstance(element.value, (cst.Name, cst.Attribute)) else None


def _tables(source: Source) -> Iterator[tuple[str, str, str]]:
    """(table name, BCE key, cross-entropy key) of each module-level dict of losses holding both."""
    for assign in source.nodes(cst.Assign, lambda a: isinstance(a.value, cst.Dict) and len(a.targets) == 1):
        keys = {_entry(source, e): e.key.evaluated_value for e in assign.value.elements
                if isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)}
        if "BCEWithLogitsLoss" in keys and "CrossEntropyLoss" in keys:
            yield source.code(assign.targets[0].target), keys["BCEWithLogitsLoss"], keys["CrossEntropyLoss"]


def _setting_name(lookup: cst.BaseExpression) -> str | None:
    """`cfg["train"]["criterion"]` -> criterion; `args.loss` -> loss; `config.get("loss")` -> loss."""
    if isinstance(lookup, cst.Subscript) and len(lookup.slice) == 1:
        key = lookup.slice[0].slice
        value = getattr(key, "value", None)
        return value.evaluated_value if isinstance(value, cst.SimpleString) else None
    if isinstance(lookup, cst.Attribute):
        return lookup.attr.value
    if isinstance(lookup, cst.Call) and last_name(lookup.func) == "get" and lookup.args \
            and isinstance(lookup.args[0].value, cst.SimpleString):
        return lookup.args[0].value.evaluated_value
    return None


def _through_parameter(tracer: Tracer, source: Source, lookup: cst.BaseExpression) -> cst.BaseExpression:
    """What the one call of a helper passes for the parameter the table is looked up by
    (`def build_criterion(name): return CRITERIA[name]()` called as `build_criterion(args.loss)`)."""
    function = source.function_of(lookup)
    if not isinstance(lookup, cst.Name) or function is None:
        return lookup
    names = [p.name.value for p in function.params.params]
    if lookup.value not in names:
        return lookup
    position = names.index(lookup.value)
    passed = [arg.value for other in tracer.project_sources()
              for call in other.nodes(cst.Call, lambda c: last_name(c.func) == function.name.value)
              if (arg := argument(call, position, lookup.value)) is not None]
    return passed[0] if len(passed) == 1 else lookup


def _argparse_defaults(source: Source, setting: str, old: str, new: str, why: str) -> Iterator[Edit]:
    for call in source.nodes(cst.Call):
        found = argparse_default(source, call, setting)
        default = found[1] if found is not None else None
        if isinstance(default, cst.SimpleString) and default.evaluated_value == old:
            quote = default.value[0]
            text = source.replaced(default, cst.SimpleString(f"{quote}{new}{quote}"))
            yield source.edit(text, source.line_of(call), f"Changed {found[2]} from {old!r} to {new!r}{why}")


class LossSettingForIndices(Rule):
    categories = ("shape.broadcast",)
    priority = 5  # after class_index_targets, which leaves a project with a table of losses to this rule

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = _indices_against_logits(diagnosis)
        if found is None or workspace.arguments:
            return  # a run given options may pick data or a config the default run does not: the default stays
        classes, largest = found
        tracer = Tracer(diagnosis, workspace)
        edits: list[Edit] = []
        for source in tracer.project_sources():
            for table, bce, cross_entropy in _tables(source):
                for lookup in source.nodes(cst.Subscript, lambda s: source.code(s.value) == table and len(s.slice) == 1
                                           and isinstance(s.slice[0].slice, cst.Index)):
                    setting = _setting_name(_through_parameter(tracer, source, lookup.slice[0].slice.value))
                    if setting is None:
                        continue
                    why = (f": the targets hold class indices up to {largest} against {classes} logits, which the "
                           f"table's {cross_entropy!r} (CrossEntropyLoss) takes and {bce!r} (BCEWithLogitsLoss) does "
                           f"not")
                    edits += config_file_edits(workspace, {setting}, re.compile(re.escape(bce)), cross_entropy,
                                               f"(the loss setting){why}")
                    for other in tracer.project_sources():
                        edits += _argparse_defaults(other, setting, bce, cross_entropy, why)
        unique = {edit.changes: edit for edit in edits}  # a table looked up twice names one setting
        if len(unique) == 1:
            yield from unique.values()
