"""## What it does
Passes a model only the inputs its `forward` takes where a batch is spread into it:
`model(*batch)` becomes `model(batch[0])`, or `model(*batch[:-1])` when only the last element
(the target) is too many, else `model(*batch[:n])`. Where the inputs are written out
(`self.generator(prior, hc, noise)`), the extra one is dropped only when it is a leftover: a
local made by a torch call (`noise = torch.randn(...)`) in the same function and read nowhere
but in this call, not named like any of forward's parameters, and exactly as many such
arguments as are too many; the then-dead assignment goes with it.

## Why is this bad?
`forward() takes 2 positional arguments but 3 were given`: `*batch` spreads the target in too,
or a call kept an input its module no longer takes. Nothing is proposed when it is unclear
which argument is extra (two tensors made for the call, a tensor also used elsewhere, a
parameter or a loop variable): that is the author's choice.

## Example
```python
for batch in loader:
    loss = loss_fn(model(*batch), batch[-1])
```

Use instead:
```python
for batch in loader:
    loss = loss_fn(model(batch[0]), batch[-1])
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import classes_named, methods, replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import parameter_names
from resolver.write.edits import Edit, Workspace

TOO_MANY = re.compile(r"(?:(\w+)\.)?forward\(\) takes (\d+) positional arguments? but (\d+) were given")


def _spread_batch(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """`model(*batch)` where forward takes fewer inputs than the batch holds: pass the inputs."""
    match = re.search(r"takes (\d+) positional arguments? but (\d+) were given", diagnosis.message)
    if not match:
        return
    inputs, extra = int(match[1]) - 1, int(match[2]) - int(match[1])  # less self
    # one element more than forward takes: everything before the last (the target) is input,
    # which stays true when a feature is added to both the batch and forward
    kept = ":-1" if extra == 1 else f":{inputs}"
    for frame, source in user_frames(diagnosis, workspace):
        for call in source.on_line(cst.Call, frame.line):
            starred = [a for a in call.args if a.star == "*"]
            if len(starred) != 1 or len(call.args) != 1 or inputs < 1:
                continue
            batch = source.module.code_for_node(starred[0].value)
            new_arg = cst.Arg(cst.parse_expression(f"{batch}[0]")) if inputs == 1 else \
                starred[0].with_changes(value=cst.parse_expression(f"{batch}[{kept}]"))
            reason = (f"Passed only the model's inputs ({source.code(new_arg)}) to {source.code(call.func)}: "
                      f"forward takes {inputs} and *{batch} spread the target in too")
            yield source.edit(source.replaced(starred[0], new_arg), frame.line, reason)
            return


def _leftover_argument(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """`module(a, b, leftover)` where forward takes (a, b): the leftover dropped, and its assignment."""
    match = TOO_MANY.search(diagnosis.message)
    forward = _forward_of(workspace, match[1]) if match and match[1] else None
    if forward is None:
        return
    takes, given = int(match[2]) - 1, int(match[3]) - 1  # less self
    parameters = parameter_names(forward)[1:]
    for frame, source in user_frames(diagnosis, workspace):
        calls = [c for c in source.on_line(cst.Call, frame.line)
                 if not any(a.star or a.keyword for a in c.args) and len(c.args) == given]
        if len(calls) != 1:
            return  # the call is in the innermost user frame, or it is not a call written out
        call = calls[0]
        function = source.function_of(call)
        leftovers = [(arg, made) for arg in call.args
                     if (made := _made_only_for(source, function, arg.value, call)) is not None
                     and arg.value.value not in parameters]
        kept = [a for a in call.args if all(a is not arg for arg, _ in leftovers)]
        if len(leftovers) != given - takes or not _roles_kept(kept, parameters):
            return
        new_args = [*kept[:-1], kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)] if kept else []
        replacements = {call: call.with_changes(args=new_args)}
        replacements.update({made: cst.RemovalSentinel.REMOVE for _, made in leftovers})
        names = ", ".join(arg.value.value for arg, _ in leftovers)
        reason = (f"Dropped {names} from {source.code(call)}: {match[1]}.forward takes "
                  f"({', '.join(parameters)}), and {names} was made only for this call, so it is a leftover "
                  f"(its assignment goes too)")
        yield source.edit(replaced_all(source.module, replacements), frame.line, reason)
        return


def _forward_of(workspace: Workspace, class_name: str) -> cst.FunctionDef | None:
    found = [methods(node).get("forward") for _, node in classes_named(workspace, class_name)]
    return found[0] if len(found) == 1 else None


def _made_only_for(source: Source, function: cst.FunctionDef | None, value: cst.BaseExpression,
                   call: cst.Call) -> cst.SimpleStatementLine | None:
    """The statement `name = torch.<op>(...)` that makes this argument, when it is the name's one
    binding in the function, before the call, and the call is the only place that reads it."""
    if not isinstance(value, cst.Name):
        return None
    # the function's own names (the script's, at module level)
    uses = [n for n in source.nodes(cst.Name, lambda n: n.value == value.value) if source.function_of(n) is function
            and not (isinstance(source.parents.get(n), cst.Attribute) and source.parents[n].attr is n)]
    bindings = [n for n in uses if isinstance(source.parents.get(n), cst.AssignTarget)]
    if len(uses) != 2 or len(bindings) != 1 or value not in uses:
        return None  # read elsewhere too, a parameter, a loop variable, bound twice
    assign = source.parents[source.parents[bindings[0]]]
    statement = source.parents.get(assign)
    made_by_torch = isinstance(assign, cst.Assign) and len(assign.targets) == 1 \
        and isinstance(assign.value, cst.Call) \
        and any(name.startswith("torch.") for name in source.qualified_names(assign.value.func))
    if not made_by_torch or not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    return statement if source.line_of(statement) < source.line_of(call) else None


def _roles_kept(kept: list[cst.Arg], parameters: list[str]) -> bool:
    """An argument named like one of forward's parameters stays at that parameter's place."""
    for position, arg in enumerate(kept):
        name = arg.value.value if isinstance(arg.value, cst.Name) else None
        if name in parameters and parameters.index(name) != position:
            return False
    return True


class ForwardInputs(Rule):
    categories = ("module.extra_inputs",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _spread_batch(diagnosis, workspace)
        yield from _leftover_argument(diagnosis, workspace)
