"""## What it does
Where a Dataset's `__getitem__` picks its sample by an `if`/`elif` chain on one of its settings
(`if self.label_type == 'bearing': ... elif self.label_type == 'range': ...`) and has no `else`,
and the probe read None for every sample, follows the setting back to where its value is written
(a config file's key, a string in the code that builds the Dataset) and, when that value is one
of the branches' names written in another case (`Bearing`), writes it as the branch names it
(`bearing`). The setting is fixed where it is made; the Dataset is left as its author wrote it.

## Why is this bad?
`` default_collate: batch must contain tensors, ...; found <class 'NoneType'> `` for every
sample: no branch matched the setting, so `__getitem__` fell off its end and returned None.
Nothing is proposed when the value matches no branch in any case (a mode the Dataset does not
have: which one was meant is the user's decision), when two branches match it, when the value
comes from the command line, or when other code compares or keys by the value as it is written
(`classify = task == "Classification"`): the readers disagree, and which one is right is the user's.

## Example
```python
class SpeechCommands(Dataset):
    def __getitem__(self, n):
        if self.subset == "training":
            return self.train_clip(n)
        elif self.subset == "validation":
            return self.valid_clip(n)

train_set = SpeechCommands(subset="Training")
```

Use instead:
```python
train_set = SpeechCommands(subset="training")
```
(a config file's `task: Classification` becomes `task: classification` the same way)
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._dataset import getitem_of
from resolver.fix.rules._origin import Step, Tracer
from resolver.fix.rules._project import config_file_edits
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import argument, constant_key, last_name, parameter_names, string
from resolver.write.edits import Edit, Workspace


class SettingMatchesNoBranch(Rule):
    categories = ("data.none_sample",)
    priority = 2  # after none_sample and none_field: here no sample came out at all

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        loader = diagnosis.loader
        if loader is None or not loader.none_samples or loader.none_samples[0] != loader.none_samples[1]:
            return  # some samples came out: a row's condition, not a setting
        source, getitem = getitem_of(workspace, loader)
        branches = _trailing_branches(getitem) if getitem is not None else None
        if branches is None:
            return
        setting, names = branches
        tracer = Tracer(diagnosis, workspace)
        chain = tracer.chain(source, setting, None)
        given = _constructor_argument(tracer, chain[-1])
        if given is not None:  # the Dataset's parameter: the one place the project builds it gives the value
            chain += tracer.chain(*given, None)
        name = (loader.dataset_class or 'the Dataset').rsplit('.', 1)[-1]
        why = f"(where the setting is made): {name}.__getitem__ has a branch " \
              f"for {', '.join(repr(n) for n in names)} only, and returned None for every sample"
        for step in chain[1:]:
            written = string(step.node)
            if written is not None:
                meant = _meant(written, names)
                if meant is not None and not _read_elsewhere(tracer, written, step.node):
                    new = step.node.with_changes(value=step.node.prefix + step.node.quote + meant + step.node.quote)
                    reason = f"Changed {step.source.code(step.node)} to {step.source.code(new)} {why}"
                    yield step.source.edit(step.source.replaced(step.node, new), step.source.line_of(step.node), reason)
                return
            key = constant_key(step.node) if isinstance(step.node, cst.Subscript) else None
            if isinstance(key, str):
                yield from _config_value(tracer, key, names, why)
                return


def _constructor_argument(tracer: Tracer, step: Step) -> tuple[Source, cst.BaseExpression] | None:
    """What the one construction of the class in the project passes for the `__init__` parameter
    `step` ends at."""
    init = step.source.enclosing(step.node, cst.FunctionDef) if isinstance(step.node, cst.Name) else None
    klass = init and init.name.value == "__init__" and step.source.enclosing(init, cst.ClassDef)
    if not klass or step.node.value not in parameter_names(init):
        return None
    position = parameter_names(init).index(step.node.value) - 1
    built = [(where, argument(call, position, step.node.value)) for where in tracer.project_sources()
             for call in where.nodes(cst.Call, lambda c: last_name(c.func) == klass.name.value)]
    return built[0] if len(built) == 1 and built[0][1] is not None else None


def _trailing_branches(getitem: cst.FunctionDef) -> tuple[cst.Attribute, list[str]] | None:
    """(`self.x` as first tested, the strings compared with it) of the `if`/`elif` chain that ends
    `__getitem__` with no `else`, when every test is `self.x == "..."` on the same setting."""
    body = getitem.body.body
    last = body[-1] if body else None
    if not isinstance(last, cst.If):
        return None
    setting, names, branch = None, [], last
    while isinstance(branch, cst.If):
        found = _compared(branch.test)
        if found is None or setting is not None and found[0].attr.value != setting.attr.value:
            return None
        setting = setting or found[0]
        names.append(found[1])
        branch = branch.orelse  # an `elif` is the If itself; an `else` ends the search
    return (setting, names) if branch is None else None


def _compared(test: cst.BaseExpression) -> tuple[cst.Attribute, str] | None:
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 \
            or not isinstance(test.comparisons[0].operator, cst.Equal):
        return None
    left, right = test.left, test.comparisons[0].comparator
    attribute, name = (left, string(right)) if isinstance(left, cst.Attribute) else (right, string(left))
    if isinstance(attribute, cst.Attribute) and isinstance(attribute.value, cst.Name) \
            and attribute.value.value == "self" and name is not None:
        return attribute, name
    return None


def _meant(written: str, names: list[str]) -> str | None:
    """The one branch name the value is, in another case; None when it is one already or none."""
    same = [n for n in names if n.casefold() == written.casefold()]
    return same[0] if len(same) == 1 and written not in names else None


def _config_value(tracer: Tracer, key: str, names: list[str], why: str) -> Iterator[Edit]:
    """The config file's line that sets `key` to a branch's name in another case, written as the branch's,
    unless the code reads that value as it is written somewhere else."""
    for name in names:
        for edit in config_file_edits(tracer.workspace, {key}, re.compile(f"(?i:{re.escape(name)})"), name, why):
            before, after = edit.changes[0].before, edit.changes[0].after
            written = next((a for a, b in zip(before.splitlines(), after.splitlines()) if a != b), "")
            value = re.search(f"(?i:{re.escape(name)})", written.split(":", 1)[-1].split("=", 1)[-1])
            if before != after and sum(n.casefold() == name.casefold() for n in names) == 1 \
                    and not (value and _read_elsewhere(tracer, value[0], None)):
                yield edit


def _read_elsewhere(tracer: Tracer, written: str, edited: cst.CSTNode | None) -> bool:
    """The value, as written, is a string some other code of the project compares or keys by
    (`classify = task == "Classification"`): two readers disagree on its case, which one is right is
    the user's decision, and re-casing it would change what the other one does."""
    return any(string(node) == written and node is not edited
               for source in tracer.project_sources() for node in source.nodes(cst.SimpleString))
