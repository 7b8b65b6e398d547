"""## What it does
Moves a collective (`dist.barrier()`, `dist.all_reduce(t)`, ...) that only some ranks reach out of
the rank branch that hides it (`if rank == 0:`, `if is_main_process():`), to just after that
branch, so that every rank calls it. When the collective sits in a helper that only the branch
calls (`save_checkpoint` under `if rank == 0:`), it moves from the helper to after the branch.

## Why is this bad?
A collective returns only when every rank has called it. Under `if rank == 0:` rank 0 waits there
forever while the others wait in the next collective: the run hangs with no error (resolve's
watchdog shows where each rank waits). Every rank must reach every collective, in the same order.

## Example
```python
if rank == 0:
    torch.save(model.module.state_dict(), "model.pt")
    dist.barrier()
```

Use instead:
```python
if rank == 0:
    torch.save(model.module.state_dict(), "model.pt")
dist.barrier()
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, project_sources, user_frames
from resolver.run.probe.dist import COLLECTIVES
from resolver.write.edits import Edit, Workspace

COLLECTIVE_NAMES = {f"torch.distributed.{name}" for name in COLLECTIVES}
# a test that picks ranks: `rank == 0`, `local_rank != 0`, `is_main_process()`, `args.is_master`, `dist.get_rank()`
RANK_TEST = re.compile(r"rank|main_process|is_main|is_master|master_process|is_primary|is_chief", re.IGNORECASE)
WHY = ("a collective returns only when every rank calls it: under the rank branch one rank waits there while "
       "the others wait in the next collective, and the run hangs")


def _collective_statement(source: Source, line: int) -> cst.SimpleStatementLine | None:
    """The statement on `line` when it is nothing but one collective call."""
    statement = source.statement_at(line)
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    expression = statement.body[0]
    if isinstance(expression, cst.Expr) and isinstance(expression.value, cst.Call) \
            and source.calls(expression.value, COLLECTIVE_NAMES):
        return statement
    return None


def _rank_branch(source: Source, node: cst.CSTNode) -> cst.If | None:
    """The innermost `if` of the function whose body (not its else) holds `node` and whose test picks ranks."""
    function = source.function_of(node)
    child, parent = node, source.parents.get(node)
    while parent is not None and parent is not function:
        if isinstance(parent, cst.If) and child is parent.body and RANK_TEST.search(source.code(parent.test)):
            return parent
        child, parent = parent, source.parents.get(parent)
    return None


def _after_branch(source: Source, branch: cst.If, moved: cst.SimpleStatementLine, removed=None) -> str:
    """The module with `moved` right after `branch` (after its whole elif/else chain), and
    `removed` taken out of the branch's block."""
    outer = branch
    while isinstance(source.parents.get(outer), cst.If) and source.parents[outer].orelse is outer:
        outer = source.parents[outer]
    statement = moved.with_changes(leading_lines=())
    if removed is None:
        return source.replaced(outer, cst.FlattenSentinel([outer, statement]))
    body = [s for s in branch.body.body if s is not removed]
    if not body and outer is branch and branch.orelse is None:  # the branch held only the collective
        return source.replaced(outer, statement.with_changes(leading_lines=outer.leading_lines))
    new_branch = branch.with_changes(body=branch.body.with_changes(body=body or [cst.parse_statement("pass")]))
    new_outer = new_branch if outer is branch else outer.deep_replace(branch, new_branch)
    return source.replaced(outer, cst.FlattenSentinel([new_outer, statement]))


class CollectiveInRankBranch(Rule):
    categories = ("dist.hang",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        frames = list(user_frames(diagnosis, workspace))
        if not frames:
            return
        frame, source = frames[0]
        statement = _collective_statement(source, frame.line)
        if statement is None:
            return
        said = source.code(statement.body[0]).strip()
        branch = _rank_branch(source, statement)
        if branch is not None and statement not in branch.body.body:
            return  # deeper in the branch (a loop): moving it would change how often it runs
        if branch is not None:
            where = f"if {source.code(branch.test)}"
            yield source.edit(_after_branch(source, branch, statement, removed=statement), frame.line,
                              f"Moved {said} out of `{where}:` so that every rank calls it: {WHY}")
            return
        helper = source.function_of(statement)
        if helper is None or len(frames) < 2:
            return
        caller_frame, caller = frames[1]
        call_line = caller.statement_at(caller_frame.line)
        branch = _rank_branch(caller, call_line) if call_line is not None else None
        if branch is None or not _called_once(workspace, helper.name.value):
            return
        without = source.replaced(statement, cst.RemovalSentinel.REMOVE) if len(_block(source, statement)) > 1 \
            else source.replaced(statement, cst.parse_statement("pass"))
        if caller.path == source.path:
            return  # both in one file: the two rewrites would need one tree; left to the fallback
        helper_edit = source.edit(without, frame.line, "")
        caller_edit = caller.edit(_after_branch(caller, branch, statement), caller_frame.line, "")
        yield Edit((*helper_edit.changes, *caller_edit.changes), caller_frame.line,
                   f"Moved {said} from {helper.name.value}() in {source.path.name}, which only "
                   f"`if {caller.code(branch.test)}:` calls, to after that branch, so that every rank calls it: {WHY}")


def _block(source: Source, statement: cst.CSTNode) -> list:
    parent = source.parents.get(statement)
    return list(parent.body) if isinstance(parent, (cst.IndentedBlock, cst.Module)) else [statement]


def _called_once(workspace: Workspace, name: str) -> bool:
    """The helper is called from one place in the project: moving its collective changes no other caller."""
    calls = 0
    for source in project_sources(workspace):
        calls += sum(1 for c in source.nodes(cst.Call) if
                     isinstance(c.func, cst.Name) and c.func.value == name or
                     isinstance(c.func, cst.Attribute) and c.func.attr.value == name)
    return calls == 1
