"""## What it does
Makes the in-place operation that overwrote a tensor backward still needs out of place: `x += y`
-> `x = x + y`, `x.relu_()` -> `x = x.relu()`, `inplace=True` dropped, a slice assignment after
a `.clone()`. The loop re-runs the script once under anomaly detection, which names the forward
line that made that tensor.

## Why is this bad?
`one of the variables needed for gradient computation has been modified by an inplace
operation`: backward reads the values the forward pass saved, and the in-place write replaced
them.

## Example
```python
h = torch.sigmoid(self.fc(x))
h += self.bias
```

Use instead:
```python
h = torch.sigmoid(self.fc(x))
h = h + self.bias
```
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Evidence, Rule
from resolver.fix.rules._source import Source, inplace_call
from resolver.write.edits import Edit, Workspace

OPERATORS = {"+=": "+", "-=": "-", "*=": "*", "/=": "/", "//=": "//", "%=": "%", "**=": "**", "@=": "@"}
NOT_TENSOR_RECEIVERS = ("init", "grad", "optimizer", "optim", "torch", "F", "nn", "np", "math", "functional")


def _files(diagnosis: Diagnosis) -> list[Path]:
    paths = [diagnosis.forward_origin.file] if diagnosis.forward_origin else []
    paths += [f.file for f in reversed(diagnosis.frames) if f.user]
    paths += [m.site.file for m in diagnosis.modules if m.site]
    return list(dict.fromkeys(p.resolve() for p in paths))


def _candidates(source: Source, functions: set) -> Iterator[tuple[cst.CSTNode, cst.CSTNode, str, str]]:
    """(old node, new node, the tensor written, what was done) for each in-place op."""
    for statement in source.nodes(cst.SimpleStatementLine):
        function = source.enclosing(statement, cst.FunctionDef)
        if function not in functions or len(statement.body) != 1:
            continue
        small = statement.body[0]
        if isinstance(small, cst.AugAssign):
            op = source.module.code_for_node(small.operator).strip()
            target = source.module.code_for_node(small.target)
            if op in OPERATORS:
                new = cst.parse_statement(f"{target} = {target} {OPERATORS[op]} {_paren(source, small.value)}\n")
                yield statement, new.with_changes(leading_lines=statement.leading_lines), target, \
                    f"`{source.code(statement)}` -> `{source.code(new)}`"
        elif isinstance(small, cst.Expr) and inplace_call(small.value):
            receiver = source.module.code_for_node(small.value.func.value)
            if receiver.split(".")[-1] in NOT_TENSOR_RECEIVERS or "." in receiver and not receiver.startswith("self."):
                continue
            out_of_place = small.value.with_changes(func=small.value.func.with_changes(
                attr=cst.Name(small.value.func.attr.value[:-1])))
            new = cst.parse_statement(f"{receiver} = {source.module.code_for_node(out_of_place)}\n")
            yield statement, new.with_changes(leading_lines=statement.leading_lines), receiver, \
                f"`{source.code(statement)}` -> `{source.code(new)}`"
        elif isinstance(small, cst.Assign) and isinstance(small.targets[0].target, cst.Subscript):
            tensor = source.module.code_for_node(small.targets[0].target.value)
            clone = cst.parse_statement(f"{tensor} = {tensor}.clone()\n")
            new = cst.FlattenSentinel([clone.with_changes(leading_lines=statement.leading_lines),
                                       statement.with_changes(leading_lines=())])
            yield statement, new, tensor, f"cloned {tensor} before `{source.code(statement)}`"


def _paren(source: Source, value: cst.BaseExpression) -> str:
    code = source.module.code_for_node(value)
    simple = isinstance(value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float))
    return code if simple else f"({code})"


def _inplace_flags(source: Source) -> Iterator[tuple[cst.Call, cst.Call]]:
    for call in source.nodes(cst.Call):
        flags = [a for a in call.args if a.keyword is not None and a.keyword.value == "inplace"
                 and source.module.code_for_node(a.value) == "True"]
        if flags:
            args = [a for a in call.args if a not in flags]
            if args:
                args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            yield call, call.with_changes(args=args)


class InplaceAutograd(Rule):
    categories = ("autograd.inplace_modified",)
    needs = frozenset({Evidence.ANOMALY_TRACE})

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        origin = diagnosis.forward_origin
        ranked: list[tuple[tuple, Edit]] = []
        for path in _files(diagnosis):
            source = Source.parse(workspace, path)
            if source is None:
                continue
            functions = {f for f in source.nodes(cst.FunctionDef) if f.name.value == "forward"}
            origin_function = origin_name = None
            if origin is not None and origin.file.resolve() == path:
                statement = source.statement_at(origin.line)
                origin_function = statement and source.enclosing(statement, cst.FunctionDef)
                assigned = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
                if isinstance(assigned, cst.Assign):
                    origin_name = source.module.code_for_node(assigned.targets[0].target)
            functions |= {source.enclosing(s, cst.FunctionDef) for f in diagnosis.frames
                          if f.user and f.file.resolve() == path
                          for s in [source.statement_at(f.line)] if s is not None}
            functions.add(origin_function)
            for old, new, tensor, what in _candidates(source, functions):
                line = source.line_of(old)
                after_origin = origin_function is not None \
                    and source.enclosing(old, cst.FunctionDef) is origin_function \
                    and line > origin.line
                rank = (0 if after_origin and tensor == origin_name else 1 if after_origin else 3, line)
                reason = (f"Made the in-place operation at line {line} out of place ({what}): backward needs the "
                          "value it overwrote")
                ranked.append((rank, source.edit(source.replaced(old, new), line, reason)))
            for call, new in _inplace_flags(source):
                line = source.line_of(call)
                reason = (f"Changed {source.code(call)} to {source.code(new)}: its in-place write destroyed a value "
                          "backward needs")
                ranked.append(((2, line), source.edit(source.replaced(call, new), line, reason)))
        for _, edit in sorted(ranked, key=lambda item: item[0]):
            yield edit
