"""## What it does
Puts a save that every rank of a distributed run makes to the same path under the script's own
rank-0 branch: into the `if rank == 0:` (`if is_main_process():`) just before it, when there is
one; else under a new `if` with the test that branch uses elsewhere in the same function. The
statement moved is the first one on the traceback, from the outside in, that has such a branch
beside it: the call of the save helper in the training loop, not a line inside the helper.
The same goes for a cleanup that removes what every rank saved (a keep-last-N rotation's
`os.remove`): the second rank to remove a file gets `FileNotFoundError`, and the save helper that
rotates moves under the rank-0 branch the same way. A helper on the traceback that calls a
collective itself (a barrier after the rotation) stays on every rank: nothing is proposed.
An object whose making writes the path (`exp = Experiment(run_dir)`, whose `__init__` creates the
folder) and that the function then uses only under its rank-0 branch is made on rank 0 only:
`exp = Experiment(run_dir) if rank == 0 else None`.

## Why is this bad?
`FileExistsError: [Errno 17] File exists: 'runs/exp/epoch_000'`: every rank runs the same code,
so every rank creates the same checkpoint folder or file; the second one fails (or, with
`exist_ok`, the ranks overwrite each other's file as they write it). A rotation that deletes old
checkpoints fails the same way: `FileNotFoundError: [Errno 2] No such file or directory:
'checkpoints/epoch_0000.pt'` on the rank that comes second. The weights are the same on every rank
under DDP: rank 0 saves them.

## Example
```python
if rank == 0:
    print(metrics)
save_checkpoint(model, run_dir, epoch)
dist.barrier()
```

Use instead:
```python
if rank == 0:
    print(metrics)
    save_checkpoint(model, run_dir, epoch)
dist.barrier()
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules.collective_in_rank_branch import COLLECTIVE_NAMES, RANK_TEST
from resolver.write.edits import Edit, Workspace

RANK_ZERO = re.compile(r"==\s*0\b|\bnot\s+\w*rank\b|main_process|is_main|is_master|master_process|is_primary|is_chief",
                       re.IGNORECASE)
WHY = ("every rank runs the same code and wrote the same path, so the second rank found it there; the weights are the "
       "same on every rank, so rank 0 saves them")

WHY_REMOVED = ("every rank runs the same code and saved, then removed, the same files, so the second rank found the "
               "file gone; the weights are the same on every rank, so rank 0 saves and rotates them")
# the calls that remove a path: a FileNotFoundError there, in a distributed run, is another rank's removal
REMOVALS = {"os.remove", "os.unlink", "os.rmdir", "shutil.rmtree"}

WHY_MADE = ("every rank runs the same code, so every rank made the object that writes the path and the second rank "
            "found it there; only the rank-0 branch uses the object")


def _rank_zero_branch(source: Source, node: cst.CSTNode) -> cst.If | None:
    """An `if` that picks rank 0 and has no else."""
    if isinstance(node, cst.If) and node.orelse is None and RANK_TEST.search(source.code(node.test)) \
            and RANK_ZERO.search(source.code(node.test)):
        return node
    return None


def _into_branch_before(source: Source, statement: cst.SimpleStatementLine) -> str | None:
    """The module with `statement` appended to the rank-0 branch right before it."""
    block = source.parents.get(statement)
    if not isinstance(block, (cst.IndentedBlock, cst.Module)):
        return None
    siblings = list(block.body)
    index = siblings.index(statement)
    branch = _rank_zero_branch(source, siblings[index - 1]) if index > 0 else None
    if branch is None:
        return None
    new_branch = branch.with_changes(body=branch.body.with_changes(
        body=[*branch.body.body, statement.with_changes(leading_lines=())]))
    return source.replaced(block, block.with_changes(body=[*siblings[:index - 1], new_branch, *siblings[index + 1:]]))


def _under_branch_like(source: Source, statement: cst.SimpleStatementLine) -> str | None:
    """The module with `statement` under a new `if` with the test of a rank-0 branch elsewhere in its function."""
    function = source.function_of(statement)
    tests = [b for b in source.nodes(cst.If, lambda n: function is not None and source.within(n, function))
             if _rank_zero_branch(source, b) is not None]
    if not tests:
        return None
    guard = cst.If(test=tests[0].test, body=cst.IndentedBlock(body=[statement.with_changes(leading_lines=())]),
                   leading_lines=statement.leading_lines)
    return source.replaced(statement, guard)


def _bare_call(source: Source, statement: cst.CSTNode) -> bool:
    """A statement that is one call whose value is dropped (moving it leaves no name unbound on the
    other ranks) and calls no collective itself (under the branch it would wait for the others)."""
    return isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
        and isinstance(statement.body[0], cst.Expr) and isinstance(statement.body[0].value, cst.Call) \
        and not any(source.calls(c, COLLECTIVE_NAMES)
                    for c in source.nodes(cst.Call, lambda n: source.within(n, statement)))


class SaveOnEveryRank(Rule):
    categories = ("io.file_exists", "io.file_not_found")

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and bool(diagnosis.ranks)  # a distributed run's ranks

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        frames = list(user_frames(diagnosis, workspace))  # innermost first
        removed = diagnosis.category == "io.file_not_found"
        if removed and not (frames and _removes(frames[0][1], frames[0][0])):
            return  # a path that is not there for another reason (never made, built wrong)
        why = WHY_REMOVED if removed else WHY
        # a function on the stack that calls a collective itself (a barrier after the rotation) must
        # stay on every rank: only a statement inside it, or the failing line, may move
        reaches = next((i for i, (f, s) in enumerate(frames) if _holds_collective(s, s.statement_at(f.line))),
                       len(frames))
        statements = [(frame, source, source.statement_at(frame.line)) for frame, source in frames[:reaches + 1]]
        statements = [(f, s, st) for f, s, st in statements if _bare_call(s, st)]
        # a rank-0 branch right before the save, on any frame; else a new branch, not around the
        # failing line itself (the helper's own mkdir: its other lines would then fail on the other ranks)
        for moved in (_into_branch_before, _under_branch_like):
            for frame, source, statement in statements:
                if moved is _under_branch_like and frame is frames[0][0]:
                    continue
                new = moved(source, statement)
                if new is not None:
                    yield source.edit(new, frame.line, f"Saved on rank 0 only ({source.code(statement)}): {why}")
                    return
        for frame, source in frames[1:] if not removed else ():
            statement = source.statement_at(frame.line)
            new = _made_for_rank_zero(source, statement)
            if new is not None:
                yield source.edit(new, frame.line, f"Made {source.code(statement.body[0].targets[0].target)} on "
                                                    f"rank 0 only: {WHY_MADE}")
                return


def _holds_collective(source: Source, statement: cst.CSTNode) -> bool:
    """The function around `statement` calls a collective."""
    function = source.function_of(statement) if statement is not None else None
    return function is not None and any(source.calls(c, COLLECTIVE_NAMES)
                                        for c in source.nodes(cst.Call, lambda n: source.within(n, function)))


def _removes(source: Source, frame) -> bool:
    """The frame's statement removes a path: `os.remove(p)`, `shutil.rmtree(d)`, `path.unlink()`."""
    statement = source.statement_at(frame.line)
    return statement is not None and any(
        source.calls(c, REMOVALS) or isinstance(c.func, cst.Attribute) and c.func.attr.value == "unlink"
        for c in source.nodes(cst.Call, lambda n: source.within(n, statement)))


def _made_for_rank_zero(source: Source, statement: cst.CSTNode) -> str | None:
    """`name = Maker(...)` with every later use of `name` in the function under one rank-0 test:
    the module with `name = Maker(...) if TEST else None`."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1 \
            or not isinstance(assign := statement.body[0], cst.Assign) or len(assign.targets) != 1 \
            or not isinstance(target := assign.targets[0].target, cst.Name) or not isinstance(assign.value, cst.Call):
        return None
    if any(source.calls(c, COLLECTIVE_NAMES) for c in source.nodes(cst.Call, lambda n: source.within(n, assign))):
        return None  # a collective in the making: under the branch it would wait for the other ranks
    function = source.function_of(statement)
    if function is None:
        return None
    after = source.line_of(statement)
    uses = source.nodes(cst.Name, lambda n: n.value == target.value and source.within(n, function)
                        and source.line_of(n) > after)
    branches = [b for b in source.nodes(cst.If, lambda n: source.within(n, function))
                if _rank_zero_branch(source, b) is not None]
    homes = [next((b for b in branches if source.within(use, b.body)), None) for use in uses]
    if not uses or None in homes or len({source.code(b.test) for b in homes}) != 1:
        return None
    value = cst.IfExp(test=homes[0].test, body=assign.value, orelse=cst.Name("None"))
    return source.replaced(assign, assign.with_changes(value=value))
