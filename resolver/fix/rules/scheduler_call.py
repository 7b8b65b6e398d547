"""## What it does
Steps a plateau scheduler with the one metric the code has already computed where it steps,
named for what the scheduler's literal `mode` watches (a loss for "min", an accuracy or score
for "max"), a validation one first. When the project also builds other schedulers (a factory
picks one by config), the metric is passed only to a plateau scheduler,
`if isinstance(s, ReduceLROnPlateau): s.step(val_loss) else: s.step()`: any other would take a
positional value as its deprecated `epoch`.

## Why is this bad?
`ReduceLROnPlateau.step() missing 1 required positional argument: 'metrics'`: a plateau
scheduler lowers the learning rate when a monitored value stops improving, so its `step` takes
that value. Nothing is proposed when the mode is not written as a literal, when no metric, or
more than one, fits, or when the metric might be unbound at the call.

## Example
```python
val_loss = evaluate(model, val_loader)
scheduler.step()
```

Use instead:
```python
val_loss = evaluate(model, val_loader)
scheduler.step(val_loss)
```
"""

from __future__ import annotations

import re
from math import prod
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._project import sources_mentioning
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, method_call, project_files, user_frames
from resolver.write.edits import Edit, Workspace

PLATEAU = "torch.optim.lr_scheduler.ReduceLROnPlateau"
SCHEDULERS = "torch.optim.lr_scheduler."
HELD_OUT = {"val", "valid", "validation", "eval", "evaluation", "dev", "test", "holdout", "heldout"}
WATCHED = {  # words naming what each mode watches
    "min": {"loss", "mse", "mae", "rmse", "error", "err", "nll", "cost", "ppl", "perplexity", "wer", "cer"},
    "max": {"acc", "accuracy", "f1", "auc", "auroc", "score", "map", "iou", "miou", "dice", "bleu", "r2",
            "precision", "recall"},
}
CONFIGURED_MODE = re.compile(r"""["']?\bmode["']?\s*[:=]\s*["']?([^\s"',}]*)""")
BLOCKS = (cst.If, cst.Else, cst.For, cst.While, cst.Try, cst.ExceptHandler, cst.Finally, cst.With)


def _words(name: str) -> set[str]:
    last = name.rsplit(".", 1)[-1]
    return {w.lower() for w in re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", last) if w}


def _mode(workspace: Workspace) -> str | None:
    """The mode every plateau scheduler of the project is built with; None when they differ or one
    is not a literal (a config value: what it watches is not in the code). A project that builds none
    by name in its code (a factory reads the class from a config file) takes the config's."""
    modes = set()
    for source in sources_mentioning(workspace, r"ReduceLROnPlateau"):
        for call in source.nodes(cst.Call, lambda c, s=source: s.calls(c, {PLATEAU})):
            given = argument(call, 1, "mode")
            if given is None:
                modes.add("min")
            elif isinstance(given.value, cst.SimpleString) and given.value.evaluated_value in WATCHED:
                modes.add(given.value.evaluated_value)
            else:
                return None
    modes = modes or _configured_modes(workspace)
    return modes.pop() if len(modes) == 1 else None


def _configured_modes(workspace: Workspace) -> set[str]:
    """The modes the config files the code names set for a plateau scheduler (`"type": "ReduceLROnPlateau",
    "args": {"mode": "min"}`, `mode: max`): a file that names the class and sets no mode to min or max
    leaves it at its default, "min"."""
    code = "\n".join([*(workspace.text(p) for p in project_files(workspace)), *workspace.arguments])
    modes = set()
    for path in project_files(workspace, (".json", ".yaml", ".yml", ".toml", ".ini", ".cfg")):
        text = workspace.text(path)
        if path.name in code and "ReduceLROnPlateau" in text:
            values = set(CONFIGURED_MODE.findall(text)) or {"min"}
            # a mode set otherwise (`mode: ${MODE}`) is not known here: both modes, so no guess
            modes |= values if values <= set(WATCHED) else set(WATCHED)
    return modes


def _only_plateaus(workspace: Workspace) -> bool:
    """No other scheduler is made or picked by name anywhere in the project."""
    for source in sources_mentioning(workspace, r"lr_scheduler|[Ss]chedul|LR\b"):
        for node in source.nodes((cst.Name, cst.Attribute), lambda n, s=source: not _inner_name(s, n)):
            named = source.qualified_names(node)
            if any(n.startswith(SCHEDULERS) and n != PLATEAU or n == SCHEDULERS[:-1] for n in named):
                return False
        if re.search(r"get_\w*schedule\w*\(|schedule_with_warmup|CosineLRScheduler", source.text):
            return False
    return True


def _inner_name(source: Source, node: cst.CSTNode) -> bool:
    """`torch.optim` inside `torch.optim.SGD`, or a name in an import: only the whole dotted name in
    use says what is used."""
    parent = source.parents.get(node)
    return isinstance(parent, cst.Attribute) and parent.value is node \
        or source.enclosing(node, (cst.Import, cst.ImportFrom)) is not None


def _blocks(source: Source, node: cst.CSTNode, scope: cst.CSTNode) -> set[cst.CSTNode]:
    found = set()
    while node in source.parents and node is not scope:
        node = source.parents[node]
        if isinstance(node, BLOCKS):
            found.add(node)
    return found


def _bound_before(source: Source, call: cst.Call) -> dict[str, cst.CSTNode]:
    """Names the function (or script) binds on every path to the call: its parameters, and assignments before
    the call's line that sit in no branch or loop the call is outside of."""
    function = source.function_of(call)
    scope = function or source.module
    around_call = _blocks(source, call, scope)
    bound = {p.name.value: p for p in function.params.params} if function else {}
    for statement in source.nodes((cst.Assign, cst.AnnAssign, cst.AugAssign),
                                  lambda n: source.function_of(n) is function):
        if source.line_of(statement) >= source.line_of(call) or not _blocks(source, statement, scope) <= around_call:
            continue
        targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else [statement.target]
        for target in targets:
            elements = [e.value for e in target.elements] if isinstance(target, (cst.Tuple, cst.List)) else [target]
            for element in elements:
                if isinstance(element, (cst.Name, cst.Attribute)):
                    bound[source.code(element)] = element
    return bound


def _metric(frame: Frame, names: list[str], mode: str, quote: str) -> str | None:
    def scalar(name: str) -> bool:
        tensor = frame.tensors.get(name)
        return tensor is None or prod(tensor.shape) == 1

    # the entries of a dict of numbers the run saw (`log["val_loss"]`, a key made at runtime: 'val_' + k)
    names = [*names, *(f"{name}[{quote}{key}{quote}]" for name in names for key in frame.numbers.get(name, ()))]

    watched = [n for n in names if _words(n) & WATCHED[mode] and not _words(n) & WATCHED[_other(mode)] and scalar(n)]
    held_out = [n for n in watched if _words(n) & HELD_OUT]
    for group in (held_out, watched):
        if group:
            return group[0] if len(group) == 1 else None
    return None


def _other(mode: str) -> str:
    return "max" if mode == "min" else "min"


class SchedulerCall(Rule):
    categories = ("scheduler.plateau_metric",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            steps = [c for c in source.on_line(cst.Call, frame.line) if method_call(c, "step") and not c.args]
            if len(steps) != 1:
                continue
            yield from self._metric_passed(frame, source, steps[0], workspace)
            return

    def _metric_passed(self, frame: Frame, source: Source, call: cst.Call, workspace: Workspace) -> Iterator[Edit]:
        mode = _mode(workspace)
        expression = source.parents.get(call)
        statement = source.parents.get(expression)
        if mode is None or not isinstance(expression, cst.Expr) or not isinstance(statement, cst.SimpleStatementLine) \
                or len(statement.body) != 1:
            return
        metric = _metric(frame, list(_bound_before(source, call)), mode, source.quote)
        if metric is None:
            return
        scheduler = source.code(call.func.value)
        stepped = source.code(call)
        with_metric = call.with_changes(args=[cst.Arg(cst.parse_expression(metric))])
        if _only_plateaus(workspace):
            reason = (f"Passed {metric} to {stepped}: ReduceLROnPlateau lowers the learning rate when the "
                      f"value it monitors stops improving ({mode} mode), so its step takes that value")
            yield source.edit(source.replaced(call, with_metric), source.line_of(call), reason)
            return
        guarded = cst.parse_statement(
            f"if isinstance({scheduler}, {source.torch}.optim.lr_scheduler.ReduceLROnPlateau):\n"
            f"    {source.code(with_metric)}\nelse:\n    {stepped}\n")
        guarded = guarded.with_changes(leading_lines=statement.leading_lines)
        reason = (f"Passed {metric} to {stepped} when the scheduler is a ReduceLROnPlateau: it lowers the "
                  f"learning rate when the value it monitors stops improving ({mode} mode), so its step takes "
                  "that value; the project's other schedulers keep step(), where a value would be their epoch")
        yield source.edit(source.replaced(statement, guarded), source.line_of(call), reason, uses_torch=True)
