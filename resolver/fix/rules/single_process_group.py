"""## What it does
Where the project's own README or shell scripts run the script plainly (`python train.py`, beside
its torchrun line) and the script calls `init_process_group` with the env:// rendezvous and no
one-process path of its own, a plain run becomes a group of one process: ahead of the call, when
no launcher set RANK, the rendezvous variables get the values torchrun would give a single rank
(`MASTER_ADDR` 127.0.0.1, a `MASTER_PORT`, `RANK` 0, `WORLD_SIZE` 1; `LOCAL_RANK` 0 too when the
project reads it without a default). A project that documents no plain run is not edited: it is
run with torchrun, as the report says.

## Why is this bad?
`environment variable RANK expected, but not set`: the env:// rendezvous reads the variables
torchrun sets for each rank. The project says `python train.py` works (a debugging run on a
laptop), but run that way nothing sets them, and the script stops before training.

## Example
```python
def init_distributed():
    dist.init_process_group(backend="gloo", init_method="env://")
```

Use instead:
```python
def init_distributed():
    if "RANK" not in os.environ:  # run plainly, as the project documents: a group of one process
        os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
        os.environ.setdefault("MASTER_PORT", "29500")
        os.environ["RANK"] = "0"
        os.environ["WORLD_SIZE"] = "1"
    dist.init_process_group(backend="gloo", init_method="env://")
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import argument, project_files, project_sources
from resolver.write.edits import Edit, Workspace

INIT = {"torch.distributed.init_process_group", "torch.distributed.distributed_c10d.init_process_group"}
DOCUMENTS = (".md", ".rst", ".txt", ".sh")
LAUNCH_VARIABLES = re.compile(r"\b(?:RANK|WORLD_SIZE|LOCAL_RANK|MASTER_ADDR|MASTER_PORT)=")
OS_IMPORTED = re.compile(r"^import os\s*$|^import os\s*#|^import (?:\w+\s*,\s*)*os(?:\s*,|\s*$)", re.MULTILINE)
LOCAL_RANK_READ = re.compile(r"""os\.environ\[\s*["']LOCAL_RANK["']\s*\]""")


def _documented_plainly(workspace: Workspace, script: str) -> str | None:
    """The line of the project's docs or shell scripts that runs the script with plain python."""
    plain = re.compile(rf"^\s*(?:\$\s*)?((?:\w+=\S*\s+)*)python3?(?:\s+-u)?\s+(?:\./)?{re.escape(script)}(?:\s|$)")
    for path in project_files(workspace, DOCUMENTS):
        try:
            lines = path.read_text(errors="replace").splitlines()
        except OSError:
            continue
        for line in lines:
            found = plain.match(line)
            if found and not LAUNCH_VARIABLES.search(found[1]):  # `RANK=1 WORLD_SIZE=2 python ...` is a launch
                return line.strip()
    return None


def _env_rendezvous(call: cst.Call) -> bool:
    """The call reads its rendezvous from the environment: no init_method, or "env://"; no store."""
    method = argument(call, 1, "init_method")
    if any(a.keyword is not None and a.keyword.value == "store" for a in call.args):
        return False
    return method is None or isinstance(method.value, cst.SimpleString) and method.value.evaluated_value == "env://"


def _guard(workspace: Workspace) -> list[cst.BaseStatement]:
    local = any(LOCAL_RANK_READ.search(s.text) for s in project_sources(workspace))
    lines = ['if "RANK" not in os.environ:  # run plainly, as the project documents: a group of one process',
             '    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")',
             '    os.environ.setdefault("MASTER_PORT", "29500")',
             '    os.environ["RANK"] = "0"',
             '    os.environ["WORLD_SIZE"] = "1"',
             *(['    os.environ.setdefault("LOCAL_RANK", "0")'] if local else [])]
    return list(cst.parse_module("\n".join(lines) + "\n").body)


class SingleProcessGroup(Rule):
    categories = ("dist.env_missing",)
    priority = 2  # after launcher_default: a one-process path the script offers is taken first

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        entry = next((f for f in diagnosis.frames if f.user), None)
        if entry is None:
            return
        try:
            script = entry.file.resolve().relative_to(workspace.project.resolve()).as_posix()
        except ValueError:
            return
        documented = _documented_plainly(workspace, script)
        if documented is None:
            return
        calls = [(s, c) for s in project_sources(workspace) for c in s.nodes(cst.Call, lambda c, s=s: s.calls(c, INIT))]
        if len(calls) != 1:
            return  # none, or several: which one a plain run reaches is not shown
        source, call = calls[0]
        statement = source.enclosing(call, cst.SimpleStatementLine)
        block = statement and source.parents.get(statement)
        branch = source.enclosing(call, cst.If)
        if not _env_rendezvous(call) or not OS_IMPORTED.search(source.text) \
                or not isinstance(block, (cst.IndentedBlock, cst.Module)) \
                or branch is not None and "__name__" not in source.code(branch.test):
            return  # another rendezvous, no os at hand, or a call the script already runs under a condition
        body = list(block.body)
        at = body.index(statement)
        guard = _guard(workspace)
        guard[0] = guard[0].with_changes(leading_lines=statement.leading_lines)
        new_block = block.with_changes(body=body[:at] + guard + [statement.with_changes(leading_lines=())]
                                       + body[at + 1:])
        text = new_block.code if block is source.module else source.replaced(block, new_block)
        reason = (f"A plain run (the project's `{documented}`) now starts a group of one process: with no "
                  f"launcher, RANK, WORLD_SIZE and the rendezvous address are set as torchrun would set them "
                  f"for a single rank before init_process_group reads them")
        yield source.edit(text, source.line_of(statement), reason)
