"""## What it does
Gives the training DataLoader whose last batch holds a single sample `drop_last=True` (the
probe keeps a real tail of one as a batch of one in smoke mode). A model called under no_grad
(an inference helper: `model(img.unsqueeze(0))` in a function decorated with
`@torch.no_grad()` or inside `with torch.no_grad():`) was left in training mode: the function
puts the model in eval mode first and gives it back the mode it had after the statement that
calls it.

## Why is this bad?
`Expected more than 1 value per channel when training`: BatchNorm cannot normalise one value,
and at inference it should use its running statistics.

## Example
```python
loader = DataLoader(train_set, batch_size=32, shuffle=True)  # 65 samples: the last batch holds 1
```

Use instead:
```python
loader = DataLoader(train_set, batch_size=32, shuffle=True, drop_last=True)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import (
    Source,
    argument,
    is_docstring,
    keyword_arg,
    user_frames,
)
from resolver.write.edits import Edit, Workspace


class BatchNormSingleSample(Rule):
    categories = ("batchnorm.single_sample",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        inference = _inference_call(diagnosis, workspace)
        if inference is not None:
            edit = _eval_mode(*inference)
            if edit is not None:
                yield edit
            return  # the batch of one was made for inference: no loader's drop_last changes it
        loader = diagnosis.loader
        if loader is None or loader.site is None or loader.drop_last or loader.batch_size in (None, 1):
            return
        source = Source.parse(workspace, loader.site.file)
        call = source and source.call_at(loader.site)
        if call is None:
            return
        flag = argument(call, 10**6, "drop_last")
        new_arg = keyword_arg("drop_last", "True")
        if flag is not None:
            new_call = call.deep_replace(flag, flag.with_changes(value=new_arg.value))
        else:
            new_call = call.with_changes(args=[*call.args, new_arg])
        tail = (loader.dataset_size or 0) % loader.batch_size
        reason = (f"Added drop_last=True to {source.code(call)}: its last batch has a single sample"
                  + (f" ({loader.dataset_size} samples at batch_size={loader.batch_size})" if tail == 1 else "")
                  + ", which BatchNorm cannot normalise in training")
        yield source.edit(source.replaced(call, new_call), source.line_of(call), reason)


def _inference_call(diagnosis: Diagnosis, workspace: Workspace):
    """(source, function, the model's name, the call) of the user frame that calls a model it
    holds (`model(...)`, a module the probe saw in that frame) under no_grad."""
    for frame, source in user_frames(diagnosis, workspace):
        for call in source.on_line(cst.Call, frame.line):
            if not (isinstance(call.func, cst.Name) and call.func.value in frame.models):
                continue
            function = source.enclosing(call, cst.FunctionDef)
            if function is not None and (source.in_no_grad_function(call) or source.in_no_grad(call) is not None):
                return source, function, call.func.value, call
    return None


def _eval_mode(source: Source, function: cst.FunctionDef, model: str, call: cst.Call) -> Edit | None:
    if not isinstance(function.body, cst.IndentedBlock):
        return None
    body = list(function.body.body)
    holding = next((s for s in body if s is call or source.within(call, s)), None)
    if holding is None or any(_returns(s) for s in body[:body.index(holding) + 1]):
        return None  # a return before the mode is given back would leave the model in eval mode
    if any(_mentions_training(s, model) for s in body):
        return None  # the function already handles the model's mode
    saved = next((n for n in ("was_training", "training_before") if n not in source.code(function)), None)
    if saved is None:
        return None
    first, at = 1 if body and is_docstring(body[0]) else 0, body.index(holding)  # before body[first] is rebuilt
    switch = [cst.parse_statement(f"{saved} = {model}.training\n"), cst.parse_statement(f"{model}.eval()\n")]
    if first < len(body):
        switch[0] = switch[0].with_changes(leading_lines=body[first].leading_lines)
        body[first] = body[first].with_changes(leading_lines=())
    restore = cst.parse_statement(f"{model}.train({saved})\n")
    new_body = body[:first] + switch + body[first:at + 1] + [restore] + body[at + 1:]
    new_function = function.with_changes(body=function.body.with_changes(body=new_body))
    reason = (f"Put {model} in eval mode in {function.name.value} (and back to the mode it had after it): it calls "
              f"{source.code(call)} under no_grad with the model still training, and BatchNorm cannot normalise "
              "a batch of one in training mode")
    return source.edit(source.replaced(function, new_function), source.line_of(function.body.body[0]), reason)


def _returns(statement: cst.CSTNode) -> bool:
    found = []

    class Returns(cst.CSTVisitor):
        def visit_Return(self, node):
            found.append(node)

        def visit_FunctionDef(self, node):
            return False

    statement.visit(Returns())
    return bool(found)


def _mentions_training(statement: cst.CSTNode, model: str) -> bool:
    """`model.eval()`, `model.train(...)`, `model.training`."""
    code = cst.Module([]).code_for_node(statement)
    return any(f"{model}.{name}" in code for name in ("eval(", "train(", "training"))
