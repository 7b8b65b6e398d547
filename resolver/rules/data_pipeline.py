"""Data pipeline contracts, each fixed where the data is made or handed over:

| contract | symptom | edit |
|---|---|---|
| `pack_padded_sequence` gets lengths in decreasing order, or is told they are not | `` `lengths` array must be sorted in decreasing order when `enforce_sorted` is True `` | `enforce_sorted=False` on that call |
| what a spawn/forkserver worker receives can be pickled | `Can't pickle local object 'make_loader.<locals>.<lambda>'` | a lambda that calls a module-level function with its argument first becomes `functools.partial(function, name=value)` |
| `__getitem__(len(self) - 1)` is a valid read | `index 240 is out of bounds for dimension 0 with size 240` raised in a Dataset's `__getitem__` that reads the container its `__len__` counts | `__len__` shortened by the overshoot (`n - w + 1` -> `n - w`) |

A sample that is `None` (default_collate's `NoneType` errors) stops with the candidates named: which
rows to drop is a decision about the data, not the code."""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._project import methods, sources_mentioning
from resolver.rules._rule import Rule
from resolver.rules._source import Source, keyword_arg, user_frames

PACKERS = {"torch.nn.utils.rnn.pack_padded_sequence", "torch.nn.utils.rnn.pack_sequence"}


def _unsorted_lengths(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    for frame, source in user_frames(diagnosis, workspace):
        for call in source.on_line(cst.Call, frame.line):
            named = source.calls(call, PACKERS) or source.code(call.func).rsplit(".", 1)[-1] in {
                p.rsplit(".", 1)[-1] for p in PACKERS}
            if not named or any(a.keyword and a.keyword.value == "enforce_sorted" for a in call.args):
                continue
            new = call.with_changes(args=[*call.args, keyword_arg("enforce_sorted", "False")])
            reason = (f"Passed enforce_sorted=False to {source.code(call.func)}: the batch's lengths are not sorted, "
                      "and packing sorts them itself")
            yield source.edit(source.replaced(call, new), frame.line, reason)
            return


def _picklable_lambda(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """`lambda batch: collate(batch, max_len)` -> `partial(collate, max_len=max_len)` when
    `collate` is a module-level function whose parameter names are known."""
    match = re.search(r"local object '?<?(?:function )?([\w.]+)\.<locals>\.<lambda>", diagnosis.message)
    if not match:
        return
    outer = match[1].rsplit(".", 1)[-1]
    for source in sources_mentioning(workspace, rf"\bdef\s+{re.escape(outer)}\b"):
        for function in source.nodes(cst.FunctionDef, lambda f: f.name.value == outer):
            lambdas = [n for n in source.nodes(cst.Lambda) if source.enclosing(n, cst.FunctionDef) is function]
            for node in lambdas:
                partial = _as_partial(node, source, workspace)
                if partial is None:
                    continue
                new_text = _with_partial_import(source.replaced(node, cst.parse_expression(partial)))
                reason = (f"Replaced {source.code(node)} with {partial}: worker processes started by spawn or "
                          "forkserver receive it pickled, and a lambda cannot be pickled")
                yield source.edit(new_text, source.line_of(node), reason)
                return


def _as_partial(node: cst.Lambda, source: Source, workspace: Workspace) -> str | None:
    params = [p.name.value for p in node.params.params]
    body = node.body
    if (not params or node.params.star_arg is not cst.MaybeSentinel.DEFAULT and node.params.star_arg is not None
            or not isinstance(body, cst.Call) or not isinstance(body.func, cst.Name)):
        return None
    positional = [a for a in body.args if a.keyword is None and not a.star]
    if any(a.star for a in body.args) or [source.code(a.value) for a in positional[:len(params)]] != params:
        return None
    rest = positional[len(params):]
    names = _parameters(workspace, body.func.value)
    if names is None or len(names) < len(positional):
        return None
    bound = [f"{names[len(params) + i]}={source.code(a.value)}" for i, a in enumerate(rest)]
    bound += [source.code(a) for a in body.args if a.keyword is not None]
    if any(p in source.code(a) for a in [*rest, *(a for a in body.args if a.keyword)] for p in params):
        return None  # the lambda's own argument is used again: partial cannot say that
    return f"partial({', '.join([body.func.value, *bound])})"


def _parameters(workspace: Workspace, name: str) -> list[str] | None:
    """Parameter names of the module-level function `name`, if exactly one is defined."""
    found = [f for s in sources_mentioning(workspace, rf"(?m)^def\s+{re.escape(name)}\b")
             for f in s.module.body if isinstance(f, cst.FunctionDef) and f.name.value == name]
    if len(found) != 1:
        return None
    return [p.name.value for p in (*found[0].params.posonly_params, *found[0].params.params)]


def _with_partial_import(text: str) -> str:
    """`from functools import partial` before the file's first import (after its docstring)."""
    if re.search(r"^from functools import .*\bpartial\b", text, re.M):
        return text
    module = cst.parse_module(text)
    body = list(module.body)
    at = next((i for i, s in enumerate(body) if isinstance(s, cst.SimpleStatementLine)
               and isinstance(s.body[0], (cst.Import, cst.ImportFrom))
               and not (isinstance(s.body[0], cst.ImportFrom) and s.body[0].module is not None
                        and module.code_for_node(s.body[0].module) == "__future__")), 0)
    statement = cst.parse_statement("from functools import partial\n")
    if at < len(body):
        statement = statement.with_changes(leading_lines=body[at].leading_lines)
        body[at] = body[at].with_changes(leading_lines=())
    body.insert(at, statement)
    return module.with_changes(body=body).code


def _len_overshoot(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """An index one (or k) past the end in `__getitem__`: the dataset claims more items than its
    container gives. `__len__` must count only the indices `__getitem__` can read."""
    match = re.search(r"index (-?\d+) is out of bounds for dimension \d+ with size (\d+)", diagnosis.message)
    overshoot = int(match[1]) - int(match[2]) + 1 if match else 1
    if overshoot < 1:
        return
    for frame, source in user_frames(diagnosis, workspace):
        if frame.function != "__getitem__":
            continue
        statement = source.statement_at(frame.line)
        klass = statement and source.enclosing(statement, cst.ClassDef)
        length = klass and methods(klass).get("__len__")
        if length is None:
            return
        read = {source.code(s.value) for s in source.on_line(cst.Subscript, frame.line)}
        returns = [r for r in source.nodes(cst.Return) if source.enclosing(r, cst.FunctionDef) is length and r.value]
        if len(returns) != 1 or not any(name in source.code(returns[0].value) for name in read):
            return  # __len__ does not count the container that was read past its end
        value = returns[0].value
        new = _shortened(source, value, overshoot)
        reason = (f"Made {klass.name.value}.__len__ return {source.code(new)} instead of {source.code(value)}: "
                  f"__getitem__ reads {overshoot} past the end of its data for the last index")
        yield source.edit(source.replaced(value, new), source.line_of(returns[0]), reason)
        return


def _shortened(source: Source, value: cst.BaseExpression, by: int) -> cst.BaseExpression:
    """`a + 1` -> `a`, `a - 2` -> `a - 3`, else `value - by`."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.right, cst.Integer):
        step = int(value.right.value)
        if isinstance(value.operator, cst.Add) and step >= by:
            return value.left if step == by else value.with_changes(right=cst.Integer(str(step - by)))
        if isinstance(value.operator, cst.Subtract):
            return value.with_changes(right=cst.Integer(str(step + by)))
    return cst.parse_expression(f"{source.code(value)} - {by}")


class DataPipeline(Rule):
    categories = ("data.unsorted_lengths", "data.unpicklable_worker_fn", "data.index_past_end")

    def matches(self, diagnosis: Diagnosis) -> bool:
        if diagnosis.category == "data.index_past_end":  # only a read in a Dataset's __getitem__
            return any(f.user and f.function == "__getitem__" for f in diagnosis.frames)
        return super().matches(diagnosis)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from {
            "data.unsorted_lengths": _unsorted_lengths,
            "data.unpicklable_worker_fn": _picklable_lambda,
            "data.index_past_end": _len_overshoot,
        }[diagnosis.category](diagnosis, workspace)
