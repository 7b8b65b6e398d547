"""## What it does
Lets go of the graphs an inference loop keeps: a function (often a helper in another file, after
training: predicting, embedding, building prototypes) that runs the model batch after batch and
keeps each result in a list or dict, with autograd on and no `backward()` ever reached by what it
kept, is decorated `@torch.no_grad()`; where the function also trains, the kept value is stored
`.detach()`ed.

## Why is this bad?
Out of memory (the CPU allocator, `MemoryError`, CUDA) while the probe saw, in a frame on the
traceback, a list or dict holding two or more tensors that still carry an autograd graph: every
kept result holds its batch's activations for a backward that never comes, so memory grows with
the data until it runs out. The rule follows what was kept (assignments, returns to the caller)
and does nothing when it reaches a `backward()` (a chunked forward whose loss needs those graphs);
the fix is verified by the rerun no longer running out of memory.

## Example
```python
def predict(model, points):
    model.eval()
    probs = []
    for batch in points.split(32):
        probs.append(model(batch).softmax(1))
    return torch.cat(probs)
```

Use instead:
```python
@torch.no_grad()
def predict(model, points):
    model.eval()
    probs = []
    for batch in points.split(32):
        probs.append(model(batch).softmax(1))
    return torch.cat(probs)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import NO_GRAD, Source, method_call, project_sources, user_frames, wrap
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Edit, Workspace

AUTOGRAD_CALLS = frozenset({"torch.autograd.backward", "torch.autograd.grad"})
PUTS = ("append", "extend", "insert", "add", "update", "setdefault")  # methods that put a value into a container


def _mentioned(node: cst.CSTNode) -> set[str]:
    """The names and dotted attributes (`self.preds`) an expression reads."""
    found = set()

    class Reads(cst.CSTVisitor):
        def visit_Name(self, name):
            found.add(name.value)

        def visit_Attribute(self, attribute):
            found.add(cst.Module([]).code_for_node(attribute))

    node.visit(Reads())
    return found


def _flow(source: Source, scope: cst.CSTNode, tainted: set[str]) -> set[str]:
    """Every name in the scope a tainted value flows into: assigned from it, a loop over it, a
    container it was put into (`out.append(kept)`). Bounded: each pass adds a name or stops."""
    code = source.module.code_for_node
    while True:
        grown = set(tainted)
        for node in source.nodes((cst.Assign, cst.AugAssign, cst.AnnAssign, cst.For),
                                 lambda n: source.within(n, scope)):
            value = node.iter if isinstance(node, cst.For) else node.value
            if value is not None and _mentioned(value) & tainted:
                targets = ([t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target])
                grown |= {code(t) for t in targets} | {n for t in targets for n in _mentioned(t)}
        for call in source.nodes(cst.Call, lambda c: source.within(c, scope) and method_call(c, *PUTS)):
            if any(_mentioned(a.value) & tainted for a in call.args):
                grown.add(code(call.func.value))
        if grown == tainted:
            return tainted
        tainted = grown


def _backward_reads(source: Source, scope: cst.CSTNode, tainted: set[str]) -> bool:
    """A backward (`x.backward()`, `torch.autograd.backward/grad`) in the scope reads a tainted value."""
    for call in source.nodes(cst.Call, lambda c: source.within(c, scope)):
        if method_call(call, "backward") and _mentioned(call) & tainted:
            return True
        if source.calls(call, AUTOGRAD_CALLS) and _mentioned(call) & tainted:
            return True
    return False


def _scope(source: Source, frame: Frame) -> tuple[cst.CSTNode | None, cst.CSTNode]:
    """The frame's statement and the function (else the module) that runs it."""
    statement = source.statement_at(frame.line)
    function = source.function_of(statement) if statement is not None else None
    return statement, function or source.module


def _received(source: Source, statement: cst.CSTNode) -> tuple[set[str], bool, bool]:
    """In a caller, where its statement puts the call's result: the names it assigns (or loops
    over), whether it hands the result on (returns it), and whether it runs a backward itself."""
    code = source.module.code_for_node
    if isinstance(statement, cst.For):
        return {code(statement.target)} | _mentioned(statement.target), False, False
    if isinstance(statement, cst.With):
        names = [i.asname.name for i in statement.items if i.asname is not None]
        return {code(n) for n in names}, False, False
    if not isinstance(statement, cst.SimpleStatementLine):
        return set(), False, False
    names, onward = set(), False
    for small in statement.body:
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) \
            else [small.target] if isinstance(small, (cst.AugAssign, cst.AnnAssign)) else []
        names |= {code(t) for t in targets} | {n for t in targets for n in _mentioned(t)}
        onward = onward or isinstance(small, cst.Return) \
            or bool(source.nodes(cst.Yield, lambda y: source.within(y, small)))
    backward = bool(source.nodes(cst.Call, lambda c: source.within(c, statement) and method_call(c, "backward")))
    return names, onward, backward


def _reaches_backward(frames: list[tuple[Frame, Source]], kept: set[str]) -> bool:
    """Whether what the innermost frame kept reaches a backward, in its function or, through
    `return`, in its callers on the traceback. Unknown (returned past the last user frame) counts as yes."""
    tainted = kept
    for index, (frame, source) in enumerate(frames):
        statement, scope = _scope(source, frame)
        if statement is None:
            return True
        if index:  # a caller: the call's result is what its statement receives
            tainted, onward, backward = _received(source, statement)
            if backward:
                return True
            if onward:
                continue
        if any(name.startswith("self.") for name in tainted):
            scope = source.enclosing(scope, cst.ClassDef) or scope  # kept on the object: its other methods read it
        tainted = _flow(source, scope, set(tainted))
        if _backward_reads(source, scope, tainted):
            return True
        returned = source.nodes((cst.Return, cst.Yield), lambda r: source.within(r, scope) and r.value is not None
                                and bool(_mentioned(r.value) & tainted))
        if not returned or isinstance(scope, cst.Module):
            return False
    return True


def _training_functions(workspace: Workspace) -> set[str]:
    """Names of the project's functions that call backward or an optimizer's step themselves."""
    found = set()
    for source in project_sources(workspace):
        for function in source.nodes(cst.FunctionDef):
            if source.nodes(cst.Call, lambda c: source.within(c, function) and method_call(c, "backward", "step")):
                found.add(function.name.value)
    return found


def _trains(source: Source, scope: cst.CSTNode, training: set[str]) -> bool:
    for call in source.nodes(cst.Call, lambda c: source.within(c, scope)):
        if method_call(call, "backward", "step") or last_name(call.func) in training:
            return True
    return False


def _in_training_loop(source: Source, frame: Frame, training: set[str]) -> bool:
    """The caller's call sits in a loop that trains (a step's forward), not after it (a predict)."""
    statement = source.statement_at(frame.line)
    loop = statement is not None and source.enclosing(statement, (cst.For, cst.While))
    return bool(loop) and _trains(source, loop, training)


def _stores(source: Source, scope: cst.CSTNode, container: str) -> Iterator[tuple[cst.CSTNode, cst.CSTNode]]:
    """Each value put into the container (`c.append(v)`, `c[k] = v`), as the node and its `.detach()`ed form."""
    code = source.module.code_for_node
    for call in source.nodes(cst.Call, lambda c: source.within(c, scope) and method_call(c, "append")
                             and len(c.args) == 1 and code(c.func.value) == container):
        value = call.args[0].value
        if not isinstance(value, (cst.Tuple, cst.List, cst.Dict)):
            yield value, wrap(code(value), ".detach()")
    for assign in source.nodes(cst.Assign, lambda a: source.within(a, scope) and len(a.targets) == 1
                               and isinstance(a.targets[0].target, cst.Subscript)
                               and code(a.targets[0].target.value) == container):
        if not isinstance(assign.value, (cst.Tuple, cst.List, cst.Dict)):
            yield assign.value, wrap(code(assign.value), ".detach()")


class InferenceKeepsGraphs(Rule):
    categories = ("memory.cpu_oom", "memory.cuda_oom")
    priority = -1  # before memory_leaks: the probe saw which container holds the graphs, no reading of names

    def matches(self, diagnosis: Diagnosis) -> bool:
        """Only where the probe saw a frame keeping two or more graphs when memory ran out."""
        return super().matches(diagnosis) and any(f.kept_graphs for f in diagnosis.frames)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        frames = list(user_frames(diagnosis, workspace))
        for index, (frame, source) in enumerate(frames):
            if not frame.kept_graphs:
                continue
            statement, scope = _scope(source, frame)
            if statement is None or source.in_no_grad(statement) is not None:
                return
            kept = set(frame.kept_graphs)
            if _reaches_backward(frames[index:], kept):
                return  # a loss needs those graphs: the batch is what is too big (batch_accumulation)
            training = _training_functions(workspace)
            # a forward, or a function a training caller runs, feeds a loss too: only what it keeps is detached
            inside_training = scope.name.value == "forward" if isinstance(scope, cst.FunctionDef) else True
            inside_training = inside_training or any(_in_training_loop(outer, f, training)
                                                     for f, outer in frames[index + 1:])
            if isinstance(scope, cst.FunctionDef) and not inside_training and not _trains(source, scope, training) \
                    and not any(source.calls(d.decorator, NO_GRAD) for d in scope.decorators):
                decorated = scope.with_changes(decorators=[
                    cst.Decorator(cst.parse_expression(f"{source.torch}.no_grad()")), *scope.decorators])
                yield source.edit(source.replaced(scope, decorated), source.line_of(scope),
                                  f"Memory leak: `{scope.name.value}()` keeps {self._what(frame)} with their autograd "
                                  f"graphs and nothing it keeps reaches a backward(); it now runs under "
                                  f"`@{source.torch}.no_grad()`", uses_torch=True)
            for container in sorted(kept):
                for old, new in _stores(source, scope, container):
                    yield source.edit(source.replaced(old, new), source.line_of(old),
                                      f"Memory leak: `{container}` kept {frame.kept_graphs[container]} results with "
                                      f"their autograd graphs that no backward() reads; it now keeps "
                                      f"`{source.code(new)}`")
            return

    @staticmethod
    def _what(frame: Frame) -> str:
        return ", ".join(f"`{name}` ({count} results)" for name, count in sorted(frame.kept_graphs.items()))
