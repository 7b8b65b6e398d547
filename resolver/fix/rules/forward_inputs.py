"""## What it does
Passes a model only the inputs its `forward` takes where a batch is spread into it:
`model(*batch)` becomes `model(batch[0])`, or `model(*batch[:-1])` when only the last element
(the target) is too many, else `model(*batch[:n])`. Where the inputs are written out
(`self.generator(prior, hc, noise)`), the extra one is dropped only when it is a leftover: a
tensor made from a shape alone (`torch.randn`, `torch.ones_like`, `x.new_zeros`, then perhaps
`.to(device)` or `* 0.1`), written in the call or as a local of the same function that nothing
else reads, not named like any of forward's parameters, with the other arguments named like
forward's parameters still in their places, and exactly as many such arguments as are too many;
the then-dead assignment goes with it; keyword arguments stay. A forward with defaults (`takes
from 2 to 3 positional arguments`) counts its largest number.

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

TOO_MANY = re.compile(r"(?:(\w+)\.)?forward\(\) takes (?:from \d+ to )?(\d+) positional arguments? "
                      r"but (\d+) (?:positional arguments? \(and \d+ keyword-only arguments?\) )?were given")
# tensors made of nothing but a shape, random or constant: no data reaches the module through them
BLANK = frozenset(f"torch.{name}" for name in (
    "randn", "rand", "randint", "normal", "ones", "zeros", "full", "empty",
    "randn_like", "rand_like", "randint_like", "ones_like", "zeros_like", "full_like", "empty_like"))
BLANK_METHODS = frozenset({"new_zeros", "new_ones", "new_empty", "new_full"})
# calls that move or retype a tensor, or fill it at random, without adding data
PEELED = frozenset({"to", "cuda", "cpu", "float", "half", "double", "bfloat16", "long", "bool", "type_as",
                    "detach", "normal_", "uniform_", "requires_grad_"})


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
    module = diagnosis.module
    class_name = match and (match[1] or (module.class_name if module is not None else None))
    forward = _forward_of(workspace, class_name) if class_name else None
    if forward is None:
        return
    takes, given = int(match[2]) - 1, int(match[3]) - 1  # less self
    parameters = parameter_names(forward)[1:]
    for frame, source in user_frames(diagnosis, workspace):
        calls = [c for c in source.on_line(cst.Call, frame.line)
                 if not any(a.star for a in c.args) and len([a for a in c.args if a.keyword is None]) == given]
        if len(calls) != 1:
            return  # the call is in the innermost user frame, or it is not a call written out
        call = calls[0]
        positional = [a for a in call.args if a.keyword is None]
        leftovers = [(arg, made) for arg in positional
                     if (made := _made_only_for(source, arg.value, call)) is not None
                     and source.code(arg.value) not in parameters]
        kept = [a for a in call.args if all(a is not arg for arg, _ in leftovers)]
        if len(leftovers) != given - takes or not _roles_kept([a for a in kept if a.keyword is None], parameters):
            return
        new_args = list(kept)
        if kept and kept[-1] is not call.args[-1]:  # the last argument went: the new last takes its comma
            new_args[-1] = kept[-1].with_changes(comma=call.args[-1].comma)
        statements = [made for arg, made in leftovers if made is not arg.value]
        replacements = {call: call.with_changes(args=new_args), **dict.fromkeys(statements, cst.RemovalSentinel.REMOVE)}
        dropped = ", ".join(source.code(arg.value) for arg, _ in leftovers)
        reason = (f"Dropped {dropped} from {source.code(call)}: {class_name}.forward takes "
                  f"({', '.join(parameters)}), and {dropped} is a tensor made only for this call from a shape "
                  f"alone, a leftover{' (its assignment goes too)' if statements else ''}")
        yield source.edit(replaced_all(source.module, replacements), frame.line, reason)
        return


def _forward_of(workspace: Workspace, class_name: str) -> cst.FunctionDef | None:
    found = [methods(node).get("forward") for _, node in classes_named(workspace, class_name)]
    return found[0] if len(found) == 1 else None


def _made_only_for(source: Source, value: cst.BaseExpression, call: cst.Call) -> cst.CSTNode | None:
    """What makes this argument from a shape alone, when nothing else uses it: the argument itself
    (`torch.randn(b, z)` written in the call), or the statement `name = torch.randn(...)` that is
    the name's one binding in the function, before the call, the call being its only reader."""
    if _blank_tensor(source, value):
        return value
    if not isinstance(value, cst.Name):
        return None
    function = source.function_of(call)  # the function's own names (the script's, at module level)
    uses = [n for n in source.nodes(cst.Name, lambda n: n.value == value.value) if source.function_of(n) is function
            and not (isinstance(source.parents.get(n), cst.Attribute) and source.parents[n].attr is n)]
    bindings = [n for n in uses if isinstance(source.parents.get(n), cst.AssignTarget)]
    if len(uses) != 2 or len(bindings) != 1 or value not in uses:
        return None  # read elsewhere too, a parameter, a loop variable, bound twice
    assign = source.parents[source.parents[bindings[0]]]
    statement = source.parents.get(assign)
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1 and _blank_tensor(source, assign.value)
            and isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
        return None
    return statement if source.line_of(statement) < source.line_of(call) else None


def _blank_tensor(source: Source, node: cst.BaseExpression) -> bool:
    """`torch.randn(...)`, `torch.ones_like(x)`, `x.new_zeros(...)`, with `.to(device)` and the like after
    it, or scaled by a number (`torch.randn(b, z) * 0.1`)."""
    while True:
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in PEELED:
            node = node.func.value
        elif isinstance(node, cst.BinaryOperation) and isinstance(node.right, (cst.Integer, cst.Float)):
            node = node.left
        elif isinstance(node, cst.BinaryOperation) and isinstance(node.left, (cst.Integer, cst.Float)):
            node = node.right
        else:
            break
    if not isinstance(node, cst.Call):
        return False
    if isinstance(node.func, cst.Attribute) and node.func.attr.value in BLANK_METHODS:
        return True
    return bool(source.qualified_names(node.func) & BLANK)


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
