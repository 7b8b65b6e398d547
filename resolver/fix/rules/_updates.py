"""The statements of an optimizer update in a block of code: its paragraphs (an update usually is
one: loss, `zero_grad`, `backward`, `step`), the calls and names they hold. Shared by the rules that
reorder or remake updates whose backward an earlier step broke."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._source import Source, method_call, names_in, user_frames
from resolver.fix.rules._syntax import bound_names
from resolver.write.edits import Workspace


def paragraphs(block: list) -> list[list]:
    """The block's statements in runs that a blank line or a comment starts."""
    runs: list[list] = []
    for statement in block:
        if not runs or getattr(statement, "leading_lines", ()):
            runs.append([])
        runs[-1].append(statement)
    return runs


def calls_method(source: Source, statements: list, name: str) -> bool:
    return any(method_call(c, name) for s in statements for c in source.nodes(cst.Call, lambda n: source.within(n, s)))


def assigned(statements: list) -> set[str]:
    """The names the statements bind, also inside a compound one (an `if`, a `with`, a loop's target)."""
    found = set()
    for statement in statements:
        for small in m.findall(statement, m.Assign() | m.AugAssign() | m.AnnAssign() | m.For()):
            for target in ([t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]):
                found |= bound_names(target)
    return found


def backward_call(source: Source, statements: list) -> cst.Call | None:
    return next((c for s in statements for c in source.nodes(cst.Call, lambda n: source.within(n, s))
                 if method_call(c, "backward")), None)


def retains(call: cst.Call) -> bool:
    return any(a.keyword is not None and a.keyword.value == "retain_graph" for a in call.args)


def failing_backward(diagnosis: Diagnosis, workspace: Workspace) -> tuple[Source, cst.CSTNode, cst.CSTNode] | None:
    """(source, statement, block) of the `backward()` that raised in the innermost project frame,
    when that statement stands in a block of statements (a loop's, a function's, the script's)."""
    frame, source = next(iter(user_frames(diagnosis, workspace)), (None, None))
    failing = source.statement_at(frame.line) if source is not None else None
    block = source.parents.get(failing) if failing is not None else None
    if not isinstance(block, (cst.IndentedBlock, cst.Module)) or not calls_method(source, [failing], "backward"):
        return None
    return source, failing, block


def optimizer_step(source: Source, statement) -> tuple[cst.Call, set[str]] | None:
    """The `opt.step()` (or `scaler.step(opt)`) in the statement and the networks that optimizer holds."""
    for call in source.nodes(cst.Call, lambda n: source.within(n, statement)):
        if method_call(call, "step"):
            optimizer = call.args[0].value if call.args else call.func.value
            networks = stepped_networks(source, source.code(optimizer))
            if networks:
                return call, networks
    return None


def stepped_networks(source: Source, optimizer: str) -> set[str]:
    """The networks (as written: `D`, `self.critic`) whose `.parameters()` the optimizer was built over."""
    for assign in source.nodes(cst.Assign, lambda a: len(a.targets) == 1 and isinstance(a.value, cst.Call)):
        if source.code(assign.targets[0].target) == optimizer and assign.value.args:
            held = assign.value.args[0].value
            return {source.code(c.func.value) for c in source.nodes(cst.Call, lambda n: n is held
                                                                        or source.within(n, held))
                    if method_call(c, "parameters")}
    return set()


def runs_network(source: Source, statement, networks: set[str]) -> bool:
    """A call of the network (`D(x)`, `D.forward(x)`) or one it is handed to (`loss_of(D, x)`)."""
    for call in source.nodes(cst.Call, lambda n: source.within(n, statement)):
        func = call.func.value if isinstance(call.func, cst.Attribute) and call.func.attr.value == "forward" \
            else call.func
        if source.code(func) in networks or any(source.code(a.value) in networks for a in call.args):
            return True
    return False


def loss_slice(statements: list, loss: str) -> list[int]:
    """The indices of the plain statements that make `loss`, from the last one back (its slice)."""
    needed, made = {loss}, []
    for i in range(len(statements) - 1, -1, -1):
        if isinstance(statements[i], cst.SimpleStatementLine) and assigned([statements[i]]) & needed:
            made.insert(0, i)
            needed |= set(names_in(statements[i]))
    return made
