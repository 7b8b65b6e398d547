"""## What it does
Gives a script that starts its own workers (`torch.multiprocessing.spawn`, `start_processes`) the
rendezvous address torchrun would have given them: `os.environ.setdefault("MASTER_ADDR",
"127.0.0.1")` and `os.environ.setdefault("MASTER_PORT", "29500")` just before the spawn, in the
function that spawns. `setdefault` keeps any address the user exports. When the project writes
the variable into `os.environ` under a near miss of its name (`os.environ["MASTER_ADDRESS"] = ...`)
and never under the name itself, that key is corrected instead, where it is set.

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

import difflib
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


def _misspelt_keys(workspace: Workspace, wanted: str) -> list[tuple[Source, cst.SimpleString, str]]:
    """String keys the project writes into os.environ (`os.environ["MASTER_ADDRESS"] = ...`,
    `setdefault(...)`) that are a near miss of the variable the rendezvous wants, which it never writes."""
    found = []
    for source in project_sources(workspace):
        if "environ" not in source.text or re.search(rf"""["']{wanted}["']""", source.text):
            continue
        for key in source.nodes(cst.SimpleString):
            holder = source.enclosing(key, (cst.Subscript, cst.Call))
            if isinstance(holder, cst.Subscript):
                written = source.code(holder.value) == "os.environ" and isinstance(
                    source.parents.get(holder), (cst.AssignTarget, cst.AugAssign))
            else:
                written = isinstance(holder, cst.Call) and source.code(holder.func) == "os.environ.setdefault" \
                    and bool(holder.args) and holder.args[0].value is key
            if written and isinstance(key.evaluated_value, str) and _near(key.evaluated_value, wanted):
                found.append((source, key, wanted))
    return found


def _near(key: str, wanted: str) -> bool:
    """`MASTER_ADDRESS`, `MASTER_ADRR`, `master_addr` for `MASTER_ADDR`; not `MASTER_PORT`."""
    if key == wanted or key in {name for name, _ in DEFAULTS}:
        return False
    return key.upper() == wanted or key.upper().startswith(wanted) \
        or difflib.SequenceMatcher(None, key.upper(), wanted).ratio() >= 0.85


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
        misspelt = _misspelt_keys(workspace, f"MASTER_{ADDRESS.search(diagnosis.message)[1]}")
        if len(misspelt) == 1:  # the project sets it under another name: the name is the fault
            source, key, wanted = misspelt[0]
            quote = key.value[0] if key.value[0] in "'\"" else '"'
            new = key.with_changes(value=f"{quote}{wanted}{quote}")
            yield source.edit(source.replaced(key, new), source.line_of(key),
                              f"Changed the environment key {key.value} to {wanted}: the project sets the "
                              f"rendezvous address under a name init_process_group does not read")
            return
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
