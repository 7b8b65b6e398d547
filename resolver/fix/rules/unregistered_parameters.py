"""Registers the trainable tensors a Module keeps in a plain dict, list or tuple: `nn.ParameterDict` /
`nn.ParameterList` around it, `nn.Parameter` around each tensor.

## What it does
Where the run showed a module attribute holding tensors that require grad which nn.Module does not
register (they got gradients, no optimizer holds them, nothing wrote into them), and the user's code
handed that module's parameters to an optimizer, the assignment in the class's `__init__` becomes a
registered one: each tensor made with `requires_grad=True` becomes `nn.Parameter(...)` of the same
call without that argument, and the dict or list around them `nn.ParameterDict` / `nn.ParameterList`
(a single tensor attribute becomes the `nn.Parameter` alone). Only when every element is such a call
or already an `nn.Parameter`: a tensor made elsewhere and stored there is left alone, and so is a
module whose parameters no optimizer was meant to get. A dict becomes `nn.ParameterDict` only when
its keys can name parameters (ParameterDict raises on an int key, a key with a dot, or one that is
already an attribute): a literal dict's keys must be such str literals, and a comprehension's keys,
known only at run time, must have been such strs in the run; else nothing. The registered tensors
join `state_dict()`, so a checkpoint saved before the fix loads with `strict=False`.

## Why is this bad?
nn.Module registers a parameter only when an `nn.Parameter` is assigned to an attribute directly or
held in `nn.ParameterDict` / `nn.ParameterList`. In a plain dict the tensors get gradients, but
`module.parameters()` does not list them, the optimizer never updates them, and `state_dict()` does
not save them: the weights they stand for stay at their initial values, with no error.

## Example
```python
self.log_vars = {t: torch.zeros((), requires_grad=True) for t in ("depth", "segmentation")}
```

Use instead:
```python
self.log_vars = nn.ParameterDict({t: nn.Parameter(torch.zeros(())) for t in ("depth", "segmentation")})
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import nn_spelling, replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

CONTAINERS = {cst.Dict: "ParameterDict", cst.DictComp: "ParameterDict", cst.List: "ParameterList",
              cst.ListComp: "ParameterList", cst.Tuple: "ParameterList"}
PARAMETER = {"torch.nn.Parameter", "torch.nn.parameter.Parameter"}


def _elements(value: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The tensors the assigned value holds; None where one is unpacked (`**others`, `*rest`)."""
    if isinstance(value, cst.DictComp):
        return [value.value]
    if isinstance(value, cst.ListComp):
        return [value.elt]
    if isinstance(value, (cst.Dict, cst.List, cst.Tuple)):
        kept = [e.value for e in value.elements if isinstance(e, (cst.DictElement, cst.Element))]
        return kept if len(kept) == len(value.elements) else None
    return [value] if isinstance(value, cst.Call) else None


def _keys_named(value: cst.BaseExpression, loose: dict) -> bool:
    """Whether a dict's keys can name nn.ParameterDict entries: the run saw them so, and a literal dict's keys
    are str literals that are identifiers (a list, a tuple or a single tensor has none to check)."""
    if not isinstance(value, (cst.Dict, cst.DictComp)):
        return True
    if not loose.get("keys_named"):
        return False
    if isinstance(value, cst.DictComp):
        return True
    return all(isinstance(e.key, cst.SimpleString) and isinstance(key := e.key.evaluated_value, str)
               and key.isidentifier() for e in value.elements)


def _requires_grad(arg: cst.Arg) -> bool:
    return arg.keyword is not None and arg.keyword.value == "requires_grad" \
        and isinstance(arg.value, cst.Name) and arg.value.value == "True"


def _parameter(source: Source, element: cst.BaseExpression, nn: str) -> cst.BaseExpression | None:
    """The element as an nn.Parameter: itself when it is one; None when it is not a tensor made here
    with requires_grad=True."""
    if not isinstance(element, cst.Call):
        return None
    if source.calls(element, PARAMETER):
        return element
    if not any(_requires_grad(a) for a in element.args):
        return None
    args = [a for a in element.args if not _requires_grad(a)]
    if args:
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    made = element.with_changes(args=args)
    return cst.Call(func=cst.parse_expression(f"{nn}.Parameter"), args=[cst.Arg(made)])


class UnregisteredParameters(Rule):
    categories = ("health.unregistered_parameter",)

    def matches(self, diagnosis: Diagnosis) -> bool:
        loose = (diagnosis.health.get("loose_tensors") or [{}])[0]
        return bool(loose.get("gathered") and loose.get("attribute"))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        loose = diagnosis.health["loose_tensors"][0]
        attribute = loose["attribute"]
        for frame, source in user_frames(diagnosis, workspace):
            assigns = [a for a in source.on_line(cst.Assign, frame.line) if len(a.targets) == 1
                       and isinstance(t := a.targets[0].target, cst.Attribute) and t.attr.value == attribute
                       and isinstance(t.value, cst.Name) and t.value.value == "self"]
            elements = _elements(assigns[0].value) if len(assigns) == 1 else None
            if not elements or not _keys_named(assigns[0].value, loose):
                return
            nn = nn_spelling(source)
            made = {e: _parameter(source, e, nn) for e in elements}
            if any(m is None for m in made.values()) or all(m is e for e, m in made.items()):
                return  # a tensor made elsewhere, or nothing to register
            value = assigns[0].value
            new = replaced_all(cst.Module(body=[cst.SimpleStatementLine([cst.Expr(value)])]),
                               {e: m for e, m in made.items() if m is not e}).strip()
            kind = CONTAINERS.get(type(value))
            wrapped = cst.parse_expression(f"{nn}.{kind}({new})" if kind else new)
            container = "a plain container" if kind else "a plain tensor attribute"
            reason = (f"Registered self.{attribute} as {nn}.{kind or 'Parameter'}: tensors that require grad kept in "
                      f"{container} are not parameters, so parameters(), the optimizer and state_dict() never "
                      "see them; state_dict() now gains their keys, so a checkpoint saved before this fix loads "
                      "with load_state_dict(..., strict=False)")
            yield source.edit(source.replaced(value, wrapped), source.line_of(assigns[0]), reason)
            return
