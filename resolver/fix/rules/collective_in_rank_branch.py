"""## What it does
Moves a collective (`dist.barrier()`, `dist.all_reduce(t)`, ...) that only some ranks reach out of
the rank branch that hides it (`if rank == 0:`, `if is_main_process():`), to just after that
branch, so that every rank calls it. When the collective sits in a helper that only the branch
calls (`save_checkpoint` under `if rank == 0:`), it moves from the helper to after the branch. A
helper that returns a value (`acc = evaluate(...)`) is called on every rank instead, and only what
uses its result stays under the rank test; when further `if`s stand between (`if epoch % 5 == 0:`
inside `if rank == 0:`), the call runs under those same conditions on every rank, unless one of them
reads something the rank branch made. An early `if rank != 0: return` ahead of the collective in its
function (also of an `if dist.is_initialized():` that holds it) becomes `if rank == 0:` around the
work between them.

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
from resolver.fix.rules._project import swapped
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, names_in, project_sources, user_frames
from resolver.fix.rules._syntax import last_name, own_nodes
from resolver.run.probe.dist import COLLECTIVES
from resolver.write.edits import Edit, Workspace

# send/recv name their peer: one rank's call is the point, never a call every rank makes
COLLECTIVE_NAMES = {f"torch.distributed.{name}" for name in COLLECTIVES if name not in ("send", "recv")}
# a test that picks ranks: `rank == 0`, `local_rank != 0`, `is_main_process()`, `args.is_master`, `dist.get_rank()`
RANK_TEST = re.compile(r"rank|main_process|is_main|is_master|master_process|is_primary|is_chief", re.IGNORECASE)
WHY = ("a collective returns only when every rank calls it: under the rank branch one rank waits there while "
       "the others wait in the next collective, and the run hangs (or gloo aborts on the mismatch)")


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


def rank_branch(source: Source, node: cst.CSTNode) -> cst.If | None:
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
        branch = rank_branch(source, statement)
        if branch is not None and statement not in branch.body.body:
            return  # deeper in the branch (a loop): moving it would change how often it runs
        if branch is not None:
            where = f"if {source.code(branch.test)}"
            yield source.edit(_after_branch(source, branch, statement, removed=statement), frame.line,
                              f"Moved {said} out of `{where}:` so that every rank calls it: {WHY}")
            return
        anchor = _under_plain_conditions(source, statement)
        guard = _early_return_guard(source, anchor)
        if guard is not None:
            yield source.edit(_guarded_until(source, guard, anchor), source.line_of(guard),
                              f"Put the work before {said} under `if {_negated(source.code(guard.test))}:` in place "
                              f"of the early return of `if {source.code(guard.test)}:`, so that every rank "
                              f"reaches it: {WHY}")
            return
        helper = source.function_of(statement)
        if helper is None or len(frames) < 2:
            return
        caller_frame, caller = frames[1]
        call_line = caller.statement_at(caller_frame.line)
        branch = rank_branch(caller, call_line) if call_line is not None else None
        if branch is None:
            return
        if any(r.value is not None for r in own_nodes(helper, cst.Return)):
            hoisted = _hoisted(caller, branch, call_line, helper.name.value)
            if hoisted is not None:
                where = "ahead of" if call_line in branch.body.body else "under its other conditions, out of"
                yield caller.edit(hoisted, caller_frame.line,
                                  f"Called {helper.name.value}() on every rank, {where} `if "
                                  f"{caller.code(branch.test)}:`, which now only uses its result: {WHY}")
            return
        if not _called_once(workspace, helper.name.value):
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
    return sum(1 for source in project_sources(workspace) for c in source.nodes(cst.Call) if _calls(c, name)) == 1


def _calls(call: cst.Call, name: str) -> bool:
    """`name(...)` or `obj.name(...)`."""
    return last_name(call.func) == name


def _early_return_guard(source: Source, statement: cst.CSTNode) -> cst.If | None:
    """`if rank != 0: return` earlier in the collective's own block: the ranks it sends away
    never reach the collective."""
    block = _block(source, statement)
    for earlier in block[:block.index(statement)]:
        if isinstance(earlier, cst.If) and earlier.orelse is None and RANK_TEST.search(source.code(earlier.test)) \
                and len(earlier.body.body) == 1 and isinstance(earlier.body.body[0], cst.SimpleStatementLine) \
                and isinstance(earlier.body.body[0].body[0], cst.Return) and earlier.body.body[0].body[0].value is None:
            return earlier
    return None


def _under_plain_conditions(source: Source, statement: cst.CSTNode) -> cst.CSTNode:
    """The `if` around the collective that tests no rank and holds nothing else (`if
    dist.is_initialized(): dist.barrier()`), outermost in its function, else the statement: every rank
    that reaches it reaches the collective."""
    function = source.function_of(statement)
    anchor = statement
    while True:
        block = source.parents.get(anchor)
        branch = source.parents.get(block) if isinstance(block, cst.IndentedBlock) else None
        if not isinstance(branch, cst.If) or branch.orelse is not None or block is not branch.body \
                or len(block.body) != 1 or RANK_TEST.search(source.code(branch.test)) \
                or source.function_of(branch) is not function:
            return anchor  # an `if` that holds more than the collective keeps its work where it is
        anchor = branch


def _negated(test: str) -> str:
    """The opposite test, as a person would write it: `rank != 0` -> `rank == 0`."""
    node = cst.parse_expression(test)
    if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
        flip = {cst.NotEqual: "==", cst.Equal: "!=", cst.GreaterThan: "<=", cst.LessThanEqual: ">",
                cst.LessThan: ">=", cst.GreaterThanEqual: "<"}.get(type(node.comparisons[0].operator))
        if flip:
            return f"{cst.Module([]).code_for_node(node.left)} {flip} " \
                   f"{cst.Module([]).code_for_node(node.comparisons[0].comparator)}"
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
        return cst.Module([]).code_for_node(node.expression)
    simple = isinstance(node, (cst.Name, cst.Attribute, cst.Call))
    return f"not {test}" if simple else f"not ({test})"


def _guarded_until(source: Source, guard: cst.If, collective: cst.CSTNode) -> str:
    """The block with the early return gone and the statements between it and the collective
    under the opposite test."""
    parent = source.parents[guard]
    block = list(parent.body)
    start, end = block.index(guard), block.index(collective)
    work = block[start + 1:end]
    if not work:
        new_block = block[:start] + block[start + 1:]
    else:
        work[0] = work[0].with_changes(leading_lines=())
        branch = cst.If(cst.parse_expression(_negated(source.code(guard.test))), cst.IndentedBlock(work),
                        leading_lines=guard.leading_lines)
        new_block = [*block[:start], branch, *block[end:]]
    return source.replaced(parent, parent.with_changes(body=new_block))


def _hoisted(source: Source, branch: cst.If, line: cst.CSTNode, helper: str) -> str | None:
    """The branch with the calls of `helper` in `line` made before the rank test, into names (a plain
    `name = helper(...)` moves whole): before the branch when its test is only the rank test, else
    under the test's other conditions. A `line` under further `if`s in the branch goes to
    `_hoisted_under_conditions`."""
    if branch.orelse is not None:
        return None
    if line not in branch.body.body:
        return _hoisted_under_conditions(source, branch, line, helper)
    calls = _calls_of(line, helper)
    earlier = branch.body.body[:branch.body.body.index(line)]
    assigned = {n for s in earlier for n in names_in(s)}
    if not calls or any(assigned & set(names_in(c)) for c in calls):
        return None  # an argument made in the branch: the call cannot move ahead of it
    ahead, kept = _moved(source, line, calls)
    at = branch.body.body.index(line)
    return _split(source, branch, ahead, [*branch.body.body[:at], *kept, *branch.body.body[at + 1:]])


def _moved(source: Source, line: cst.CSTNode, calls: list[cst.Call]) -> tuple[list, list]:
    """What runs on every rank, and what stays under the rank test in `line`'s place: a plain
    `acc = evaluate(...)` moves whole; otherwise each call goes into a name that `line` then reads."""
    if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 and len(calls) == 1 \
            and isinstance(line.body[0], cst.Assign) and line.body[0].value is calls[0]:
        return [line], []
    assignments, line_with_names = _into_names(source, line, calls)
    return assignments, [line_with_names]


def _into_names(source: Source, line: cst.CSTNode, calls: list[cst.Call]) -> tuple[list, cst.CSTNode]:
    """`name = call` for each call, and `line` reading those names in place of the calls."""
    taken = set(names_in(source.module))
    names, assignments = {}, []
    for call in calls:
        root = next(iter(names_in(cst.Tuple([cst.Element(a.value) for a in call.args]))), "value") \
            if call.args else "value"
        name = f"{root}_reduced"
        while name in taken:
            name += "_"
        taken.add(name)
        names[call] = cst.Name(name)
        assignments.append(cst.parse_statement(f"{name} = {source.code(call)}"))
    return assignments, swapped(line, names)


def _conditions_between(source: Source, branch: cst.If, line: cst.CSTNode) -> list[cst.If] | None:
    """The `if`s (outermost first) between the rank branch and `line`, when nothing else stands
    between them: a loop, a `with`, a `try` or an `else` would change how often or how the call runs."""
    conditions, node = [], source.parents.get(line)
    while node is not branch.body:
        parent = source.parents.get(node)
        if not isinstance(node, cst.IndentedBlock) or not isinstance(parent, cst.If) or parent.body is not node \
                or parent.orelse is not None:
            return None
        conditions.insert(0, parent)
        node = source.parents.get(parent)
        if not isinstance(node, cst.IndentedBlock):
            return None
    return conditions


def _made(statements: list) -> set[str]:
    """The names `statements` bind, and those whose methods they call (`model.eval()` makes state too)."""
    made = set()

    class Made(cst.CSTVisitor):
        def visit_AssignTarget(self, target):
            made.update(names_in(target))

        def visit_AugAssign(self, node):
            made.update(names_in(node.target))

        def visit_AnnAssign(self, node):
            made.update(names_in(node.target))

        def visit_For(self, node):
            made.update(names_in(node.target))

        def visit_AsName(self, node):
            made.update(names_in(node.name))

        def visit_NamedExpr(self, node):
            made.update(names_in(node.target))

        def visit_Call(self, call):
            if isinstance(call.func, cst.Attribute):
                made.update(names_in(call.func.value)[:1])

    for statement in statements:
        statement.visit(Made())
    return made


def _hoisted_under_conditions(source: Source, branch: cst.If, line: cst.CSTNode, helper: str) -> str | None:
    """`if rank == 0: ... if cond: acc = evaluate(...); print(acc)` as `if rank == 0: ...`, then
    `if cond: acc = evaluate(...)` on every rank with `print(acc)` under the rank test: every
    statement keeps its order, and what the rank branch ran before the call stays rank-only. Nothing
    when the call reads a name the branch used before it, or a condition reads a name it made."""
    conditions = _conditions_between(source, branch, line)
    calls = _calls_of(line, helper)
    if not conditions or not calls:
        return None
    blocks = [branch, *conditions]
    inner = [*conditions, line]
    earlier = [s for block, node in zip(blocks, inner) for s in block.body.body[:block.body.body.index(node)]]
    used = {n for s in earlier for n in names_in(s)}
    if any(used & set(names_in(c)) for c in calls):
        return None  # an argument the branch touched first: the call cannot leave the branch
    made = _made(earlier)
    if any(made & set(names_in(c.test)) or RANK_TEST.search(source.code(c.test)) for c in conditions):
        return None
    rank, others = _rank_parts(source, branch.test)
    if not rank:
        return None

    def under_rank(statements: list) -> list:
        if not statements:
            return []
        first = statements[0]
        return [cst.If(_joined(rank), cst.IndentedBlock([first.with_changes(leading_lines=()), *statements[1:]]),
                       leading_lines=first.leading_lines)]

    block = list(conditions[-1].body.body)
    at = block.index(line)
    ahead, kept = _moved(source, line, calls)
    body = [*under_rank(block[:at]), *ahead, *under_rank([*kept, *block[at + 1:]])]
    for condition, node in zip(reversed(blocks[:-1]), reversed(conditions)):
        new_node = node.with_changes(body=node.body.with_changes(body=body))
        statements = list(condition.body.body)
        at = statements.index(node)
        body = [*under_rank(statements[:at]), new_node, *under_rank(statements[at + 1:])]
    body[0] = body[0].with_changes(leading_lines=branch.leading_lines) if not others else body[0]
    if others:
        return source.replaced(branch, branch.with_changes(test=_joined(others),
                                                           body=branch.body.with_changes(body=body)))
    return source.replaced(branch, cst.FlattenSentinel(body))


def _split(source: Source, branch: cst.If, assignments: list, body: list) -> str | None:
    """The branch as `assignments` that every rank runs, then `body` under the rank test (the test's
    other conditions, if any, around both)."""
    assignments = [a.with_changes(leading_lines=()) for a in assignments]
    rank, others = _rank_parts(source, branch.test)
    if not rank:
        return None
    inner = [cst.If(_joined(rank), branch.body.with_changes(body=body))] if body else []
    if not others:
        return source.replaced(branch, cst.FlattenSentinel([
            assignments[0].with_changes(leading_lines=branch.leading_lines), *assignments[1:], *inner]))
    outer = branch.with_changes(test=_joined(others), body=branch.body.with_changes(body=[*assignments, *inner]))
    return source.replaced(branch, outer)


def _calls_of(node: cst.CSTNode, helper: str) -> list[cst.Call]:
    found = []

    class Calls(cst.CSTVisitor):
        def visit_Call(self, call):
            if _calls(call, helper):
                found.append(call)
                return False
            return True

    node.visit(Calls())
    return found


def _rank_parts(source: Source, test: cst.BaseExpression) -> tuple[list, list]:
    """The conjuncts of `test` that pick ranks, and the others (`rank == 0 and epoch % 5 == 0`)."""
    conjuncts = _conjuncts(test)
    return [t for t in conjuncts if RANK_TEST.search(source.code(t))], \
        [t for t in conjuncts if not RANK_TEST.search(source.code(t))]


def _conjuncts(test: cst.BaseExpression) -> list:
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return [*_conjuncts(test.left), *_conjuncts(test.right)]
    return [test]


def _joined(tests: list) -> cst.BaseExpression:
    joined = tests[0]
    for test in tests[1:]:
        joined = cst.BooleanOperation(joined, cst.And(), test)
    return joined
