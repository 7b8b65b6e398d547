"""Batches a script cuts by hand: `for s in range(0, len(x), batch_size): xb = x[s:s + batch_size]`
in the training loop, or a generator of such slices that the loop iterates. Smoke mode has no
DataLoader to lower there, so no forecast is drawn; the run that ran out of memory still bounds a
step's cost per sample from below (what it held, plus the allocation that failed, over the batch
it cut). The plan from that bound is tried first, then two steps down, each verified by a faithful
run (nothing lowers these batches), so a repair takes at most four runs."""

from __future__ import annotations

import re

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.diagnose.memory import Forecast, limit_of
from resolver.fix.rules._accumulation import (
    CONFIG_SUFFIXES,
    _config_file,
    accumulating_loops,
    loader_of,
    made_at,
    passed_for,
    plan,
    read_key,
    step_down,
    training_loops,
)
from resolver.fix.rules._definitions import _params, parameter_of
from resolver.fix.rules._source import Source, argument, project_sources
from resolver.fix.rules._syntax import bound_names
from resolver.write.edits import Change, Workspace

TRIED = re.compile(r"tried to allocate (\d+) bytes")
MAX_LINKS = 4  # a stride followed through parameters and names at most this far


def _range_step(source: Source, node: cst.BaseExpression) -> cst.BaseExpression | None:
    if isinstance(node, cst.Call) and source.code(node.func) == "range" and len(node.args) == 3:
        return node.args[2].value
    return None


def _slice_width(source: Source, loop: cst.For) -> cst.BaseExpression | None:
    """B in a loop over batch numbers that slices `x[s * B:(s + 1) * B]` (`for s in range(steps)`)."""
    if not isinstance(loop.target, cst.Name) or not (isinstance(loop.iter, cst.Call)
                                                    and source.code(loop.iter.func) == "range"):
        return None
    counter = loop.target.value
    widths = [piece.lower.right for piece in source.nodes(cst.Slice)
              if source.enclosing(piece, cst.For) is loop and isinstance(piece.lower, cst.BinaryOperation)
              and isinstance(piece.lower.operator, cst.Multiply) and source.code(piece.lower.left) == counter]
    return widths[0] if len({source.code(width) for width in widths}) == 1 else None


def stride(workspace: Workspace, source: Source, loop: cst.For) -> tuple[Source, cst.BaseExpression] | None:
    """(file, expression) the loop's batches are cut by: range's step when the loop walks a range
    itself, or the step of the one range in the generator function it iterates, mapped to the
    argument this loop's call passes. A number written in the range itself is not followed: the
    slices then write it again (`x[s:s + 192]`), and only the step would change."""
    iterable = loader_of(loop)
    step = _range_step(source, iterable) or _slice_width(source, loop)
    if step is not None:
        return (source, step) if not isinstance(step, cst.Integer) else None
    if not isinstance(iterable, cst.Call) or not isinstance(iterable.func, cst.Name):
        return None
    name = iterable.func.value
    defined = [(s, f) for s in project_sources(workspace) for f in s.nodes(cst.FunctionDef) if f.name.value == name]
    if len(defined) != 1:
        return None
    file, function = defined[0]
    steps = [found for inner in file.nodes(cst.For) if file.enclosing(inner, cst.FunctionDef) is function
             and (found := _range_step(file, inner.iter)) is not None]
    if len(steps) != 1 or not isinstance(steps[0], cst.Name) or not parameter_of(file, steps[0]):
        return None
    names = [p.name.value for p in _params(function) if p.star not in ("*", "**")]
    arg = argument(iterable, names.index(steps[0].value), steps[0].value)
    return (source, arg.value) if arg is not None else None


def observed_batch(diagnosis: Diagnosis, source: Source, loop: cst.For) -> int | None:
    """The batch the failing run cut: the first dimension the loop's own tensors (its target's, and
    those its body assigns: `inputs = features[start:start + size]`) share in its frame."""
    function = source.enclosing(loop, cst.FunctionDef)
    name = function.name.value if function else "<module>"
    names = bound_names(loop.target).union(*(bound_names(target.target) for line in loop.body.body
                                            if isinstance(line, cst.SimpleStatementLine)
                                            for assign in line.body if isinstance(assign, cst.Assign)
                                            for target in assign.targets))
    sizes = set()
    for frame in diagnosis.frames:
        if frame.user and frame.function == name and frame.file.resolve() == source.path.resolve():
            sizes |= {int(t.shape[0]) for n, t in (frame.tensors or {}).items()
                      if n in names and getattr(t, "shape", None)}
    return sizes.pop() if len(sizes) == 1 and min(sizes) >= 2 else None


def written(workspace: Workspace, file: Source, node: cst.BaseExpression, batch: int,
            micro: int) -> tuple[list[Change], str] | None:
    """The batch set to the micro-batch where it is written: a literal (through parameters and a
    module constant), or a key a config file or settings module sets to it once."""
    for _ in range(MAX_LINKS):
        if isinstance(node, cst.Integer):
            if int(node.value) != batch:
                return None
            text = file.module.deep_replace(node, cst.Integer(str(micro))).code
            return [Change(file.path, file.text, text)], file.path.name
        if isinstance(node, cst.Name) and parameter_of(file, node):
            passed = passed_for(workspace, file, node)
            if passed is None:
                return None
            file, node = passed
            continue
        if isinstance(node, cst.Name):  # a constant of the module, or a local of the loop's function
            scope = file.enclosing(node, cst.FunctionDef)
            values = [a.value for a in file.nodes(cst.Assign) if file.enclosing(a, cst.FunctionDef) in (None, scope)
                      and any(isinstance(t.target, cst.Name) and t.target.value == node.value for t in a.targets)]
            if len(values) != 1:
                return None
            node = values[0]
            continue
        if isinstance(node, cst.Attribute) and (made := made_at(workspace, node)) is not None:
            file, node, _ = made  # `args.batch_size`, `cfg.batch_size`: the option's or the field's default
            continue
        key = read_key(file, node)
        # a dict's key may be set in a settings module (`dict(batch_size=192)`) the code imports; an
        # attribute (`args.batch_size`, `cfg.batch_size`) only in a config file: a .py file's
        # `batch_size = 192` is some other batch (an export script's)
        suffixes = (*CONFIG_SUFFIXES, ".py") if isinstance(node, cst.Subscript) else CONFIG_SUFFIXES
        found = key and _config_file(workspace, key, batch, micro, suffixes)
        if not found:
            return None
        path, before, after = found
        return [Change(path, before, after)], f"`{key}` in {path.name}"
    return None


def lower_bound(diagnosis: Diagnosis, batch: int) -> Forecast | None:
    """A forecast whose cost per sample is the least the failing step can have needed: at least the
    limit (it did not fit), and at least what the process held plus the allocation that failed."""
    memory = diagnosis.memory or {}
    found = limit_of(memory)
    if found is None:
        return None
    kind, limit = found
    held, base = ((memory.get("peak_vm"), memory.get("start_vm")) if kind == "address_space"
                  else (memory.get("peak_rss"), memory.get("start_rss")))
    if not held or not base:
        return None
    tried = TRIED.search(diagnosis.message)
    needed = max(int(held) + (int(tried.group(1)) if tried else 0), limit)
    return Forecast(kind, limit, int(base), 0, (needed - int(base)) / batch, (0, 0), batch)


def plans(forecast: Forecast) -> list[tuple[int, int]]:
    """The bound's plan, then two steps down."""
    found = [plan(forecast)]
    for _ in range(2):
        if found[-1] is None:
            break
        found.append(step_down(forecast.user_batch, *found[-1]))
    return [p for p in found if p is not None]


def hand_cut(diagnosis: Diagnosis, workspace: Workspace):
    """(source, loop, the stride's file and expression, batch) of the one training loop over
    batches cut by hand whose tensors the failing run held; None otherwise."""
    found = []
    for source in project_sources(workspace):
        loops = training_loops(source)
        loops += [loop for loop, _ in accumulating_loops(source) if loop not in loops]  # a step under `if`
        for loop in loops:
            cut = stride(workspace, source, loop)
            batch = cut and observed_batch(diagnosis, source, loop)
            if cut and batch:
                found.append((source, loop, *cut, batch))
    return found[0] if len(found) == 1 else None
