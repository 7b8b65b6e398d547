"""## What it does
Adds `super().__init__()` as the first statement (after a docstring) of a module class's
`__init__` that never calls the base class's.

## Why is this bad?
`cannot assign module before Module.__init__() call`: nn.Module must set itself up before
layers are assigned. An `__init__` that does call its base, whose first base does not chain on
to nn.Module (a mixin), is not this: nothing is proposed.

## Example
```python
class Classifier(nn.Module):
    def __init__(self, d_in, n_out):
        self.fc = nn.Linear(d_in, n_out)
```

Use instead:
```python
class Classifier(nn.Module):
    def __init__(self, d_in, n_out):
        super().__init__()
        self.fc = nn.Linear(d_in, n_out)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, is_docstring, user_frames
from resolver.write.edits import Edit, Workspace


def _calls_base_init(function: cst.FunctionDef, source: Source) -> bool:
    """super().__init__(), super(Net, self).__init__(), nn.Module.__init__(self)..."""
    return any(isinstance(c.func, cst.Attribute) and c.func.attr.value == "__init__"
               for c in source.nodes(cst.Call) if source.enclosing(c, cst.FunctionDef) is function)


class MissingSuperInit(Rule):
    categories = ("module.missing_super_init",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            if frame.function != "__init__":
                continue
            statement = source.statement_at(frame.line)
            function = statement and source.enclosing(statement, cst.FunctionDef)
            if function is None or function.name.value != "__init__" \
                    or source.enclosing(function, cst.ClassDef) is None:
                continue
            if _calls_base_init(function, source) or not isinstance(function.body, cst.IndentedBlock):
                continue
            body = list(function.body.body)
            at = 1 if body and is_docstring(body[0]) else 0
            body.insert(at, cst.parse_statement("super().__init__()\n"))
            new_function = function.with_changes(body=function.body.with_changes(body=body))
            class_name = source.enclosing(function, cst.ClassDef).name.value
            reason = (f"Added super().__init__() to {class_name}.__init__: nn.Module must set itself up before "
                      "layers are assigned")
            yield source.edit(source.replaced(function, new_function), source.line_of(function) + 1 + at, reason)
            return
