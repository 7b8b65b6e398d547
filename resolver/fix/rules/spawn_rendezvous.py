"""## What it does
Gives a script that starts its own workers (`torch.multiprocessing.spawn`, `start_processes`) the
rendezvous address torchrun would have given them: `os.environ.setdefault("MASTER_ADDR",
"127.0.0.1")` and `os.environ.setdefault("MASTER_PORT", "29500")` just before the spawn, in the
function that spawns. `setdefault` keeps any address the user exports.

## Why is this bad?
`environment variable MASTER_ADDR expected, but not set`: `init_process_group` with the default
`env://` rendezvous reads the address from the environment. torchrun sets it; a script that
spawns its workers itself must. A script that never spawns (run plainly, meant for torchrun) is
not edited: it is run with torchrun.

## Example
```python
def launch(world_size):
    mp.spawn(worker, args=(world_size,), nprocs=world_size)
```

Use instead:
```python
def launch(world_size):
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29500")
    mp.spawn(worker, args=(world_size,), nprocs=world_size)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, project_sources
from resolver.write.edits import Edit, Workspace

SPAWN = {"torch.multiprocessing.spawn", "torch.multiprocessing.start_processes",
         "torch.multiprocessing.spawn.spawn", "torch.multiprocessing.spawn.start_processes"}
DEFAULTS = (("MASTER_ADDR", "127.0.0.1"), ("MASTER_PORT", "29500"))
ADDRESS = re.compile(r"MASTER_(ADDR|PORT)")


def _spawns(workspace: Workspace) -> list[tuple[Source, cst.SimpleStatementLine]]:
    """The statements that start the workers, project-wide."""
    found = []
    for source in project_sources(workspace):
        for call in source.nodes(cst.Call, lambda n, s=source: s.calls(n, SPAWN)):
            statement = source.enclosing(call, cst.SimpleStatementLine)
            if statement is not None:
                found.append((source, statement))
    return found


def _with_os_import(text: str) -> str:
    """`import os` where the file lacks it: a group of its own before the first import when that
    one is torch's (the standard library comes first), else after the other imports."""
    first = re.search(r"^(import|from) (\w+)", text, re.MULTILINE)
    bound = re.search(r"^import os$|^import os,|^from os import|^import .*\bos\b", text, re.MULTILINE)
    if first and not bound and first[2] == "torch":
        return text[:first.start()] + "import os\n\n" + text[first.start():]
    context = CodemodContext()
    AddImportsVisitor.add_needed_import(context, "os")
    return AddImportsVisitor(context).transform_module(cst.parse_module(text)).code


class SpawnRendezvous(Rule):
    categories = ("dist.env_missing",)

    def matches(self, diagnosis: Diagnosis) -> bool:
        return ADDRESS.search(diagnosis.message) is not None

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        spawns = _spawns(workspace)
        if len(spawns) != 1:
            return  # no spawn (a torchrun script run plainly), or several: not one clear place
        source, statement = spawns[0]
        block = source.parents.get(statement)
        if not isinstance(block, cst.IndentedBlock) and not isinstance(block, cst.Module):
            return
        already = {name for name, _ in DEFAULTS if name in source.text}
        lines = [cst.parse_statement(f'os.environ.setdefault("{name}", "{value}")')
                 for name, value in DEFAULTS if name not in already]
        if not lines:
            return
        lines[0] = lines[0].with_changes(leading_lines=statement.leading_lines)
        text = source.replaced(statement, cst.FlattenSentinel([*lines, statement.with_changes(leading_lines=())]))
        imported = _with_os_import(text)  # adds `import os` only where the file lacks it
        line = source.line_of(statement) + imported.count("\n") - text.count("\n")
        text = imported
        names = " and ".join(name for name, _ in DEFAULTS if name not in already)
        yield Edit(source.edit(text, line, "").changes, line,
                   f"Set {names} (if unset) before the workers are spawned: init_process_group's env:// "
                   "rendezvous reads them from the environment, which torchrun would have set and "
                   "torch.multiprocessing.spawn does not")
