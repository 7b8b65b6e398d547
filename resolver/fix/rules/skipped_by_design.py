"""## What it does
Passes `find_unused_parameters=True` where `DistributedDataParallel` is built, when every part of
the model that got no gradient is one the code calls only on some steps (and where the function
builds it on another path too, a CUDA branch with `device_ids`, there as well): under an `if` (an
auxiliary head every k steps, `if with_aux:`), in a loop (experts a router may leave without
tokens), in a conditional expression. The Fix line names that condition as the reason. A layer
that nothing calls is not this case (a layer never called is a bug of its own), nor is one that is always called.

## Why is this bad?
`RuntimeError: Expected to have finished reduction in the prior iteration before starting a new
one`: by default DDP waits for a gradient of every parameter in every step. A model that skips
parameters by design must tell DDP so, which makes it look for the unused ones after each forward.

## Example
```python
def forward(self, x, with_aux=False):
    f = self.body(x)
    if with_aux:
        return self.out(f), self.aux_head(f)
    return self.out(f)

model = DistributedDataParallel(model)
```

Use instead:
```python
model = DistributedDataParallel(model, find_unused_parameters=True)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, keyword_arg, project_sources
from resolver.fix.rules._unused import owner_of, readers
from resolver.write.edits import Edit, Workspace

DDP = {"torch.nn.parallel.DistributedDataParallel", "torch.nn.parallel.distributed.DistributedDataParallel"}
BRANCHES = (cst.If, cst.IfExp, cst.For, cst.While, cst.ListComp, cst.GeneratorExp, cst.DictComp, cst.SetComp)


def _condition(source: Source, node: cst.CSTNode) -> str | None:
    """The branch or loop, within the reader's function, that decides whether `node` runs, in words."""
    function, parent = source.function_of(node), source.parents.get(node)
    while parent is not None and parent is not function:
        if isinstance(parent, (cst.If, cst.While)):
            return f"under `{'if' if isinstance(parent, cst.If) else 'while'} {source.code(parent.test)}:`"
        if isinstance(parent, cst.IfExp):
            return f"under `... if {source.code(parent.test)} else ...`"
        if isinstance(parent, cst.For):
            return f"in `for {source.code(parent.target)} in {source.code(parent.iter)}:`"
        if isinstance(parent, BRANCHES):
            return "in a comprehension"
        parent = source.parents.get(parent)
    return None


def _ddp_call(diagnosis: Diagnosis, workspace: Workspace) -> tuple[Source, cst.Call] | None:
    """Where the wrapper that raised was built: the probe's site, else the project's one DDP call."""
    wrapper = diagnosis.modules[0] if diagnosis.modules else None
    if wrapper is not None and wrapper.class_name == "DistributedDataParallel" and wrapper.site is not None:
        source = Source.parse(workspace, wrapper.site.file)
        call = source.call_at(wrapper.site) if source is not None else None
        if call is not None and source.calls(call, DDP):
            return source, call
    found = [(s, c) for s in project_sources(workspace) if "DistributedDataParallel" in s.text
             for c in s.nodes(cst.Call) if s.calls(c, DDP)]
    return found[0] if len(found) == 1 else None


def _root(source, value: cst.BaseExpression) -> str:
    """The model an argument moves: `model` for `model.to(device)` or `model.cuda()`, `self.G` for `self.G`."""
    while isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
            and value.func.attr.value in ("to", "cuda", "cpu"):
        value = value.func.value
    return source.code(value)


def _with_flag(source, call: cst.Call) -> cst.Call | None:
    """The DDP call with find_unused_parameters=True; None when it is already on or computed."""
    given = argument(call, 7, "find_unused_parameters")
    if given is not None and source.code(given.value) != "False":
        return None
    new_arg = keyword_arg("find_unused_parameters", "True")
    if given is not None:
        return call.with_changes(args=[a.with_changes(value=new_arg.value) if a is given else a for a in call.args])
    args = list(call.args)
    if args and isinstance(args[-1].comma, cst.MaybeSentinel):
        args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
    elif args:  # one argument a line, with a trailing comma: the new one takes its own line
        new_arg = new_arg.with_changes(comma=args[-1].comma)
        args[-1] = args[-1].with_changes(comma=args[-2].comma if len(args) > 1 else args[-1].comma)
    return call.with_changes(args=[*args, new_arg])


class SkippedByDesign(Rule):
    categories = ("dist.unused_parameters",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if not diagnosis.unused_parameters:
            return
        reasons = []
        for part in diagnosis.unused_parameters:
            owner = owner_of(part, workspace)
            if owner is None:
                return
            conditions = [(s, n, c) for s, n in readers(part.attribute, owner, workspace)
                          if (c := _condition(s, n)) is not None]
            if not conditions:
                return  # never read (a layer never wired in) or read on every step: not skipped by design
            source, node, condition = conditions[0]
            function = source.function_of(node)
            reasons.append(f"{part.owner}.{part.attribute} runs only {condition}"
                           + (f" in {function.name.value}()" if function is not None else ""))
        found = _ddp_call(diagnosis, workspace)
        if found is None:
            return
        source, call = found
        # the same model wrapped on another path of the function (`if device.type == "cuda":` with
        # device_ids): it skips the same parameters there
        siblings = [c for c in source.nodes(cst.Call) if c is not call and source.function_of(c) is not None
                    and source.function_of(c) is source.function_of(call) and source.code(c.func) == source.code(
                        call.func) and c.args and call.args
                    and _root(source, c.args[0].value) == _root(source, call.args[0].value)]
        new_calls = {c: new for c in (call, *siblings) if (new := _with_flag(source, c)) is not None}
        if call not in new_calls:
            return  # already on, or a value the code computes
        reasons = list(dict.fromkeys(reasons))  # the experts of one list are one reason
        yield source.edit(replaced_all(source.module, new_calls), source.line_of(call),
                          f"Passed find_unused_parameters=True to DistributedDataParallel: the model skips "
                          f"parameters by design ({'; '.join(reasons)}), so DDP must not wait for their gradients "
                          "in every step")
