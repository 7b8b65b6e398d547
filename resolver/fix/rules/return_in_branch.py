"""## What it does
Moves a `return` out of the `if` it was indented into, where the function that makes a sample (the
Dataset's `__getitem__`, or a method or function whose result it returns as a field) ends with
`if <option>: <transform>; return value`: the `if` is the function's last statement, has no
`else`, and its body rebinds a name the return reads that the function had before the `if`
(`x = x * self.feature_mask`). Dedented, the return hands back the value with or without the
optional transform. It fires only when the probe read None samples (or a None field in every
sample) and exactly one such function is reachable from `__getitem__`'s return, or when the failing
line unpacks the result of one (`img, seg = self._crop_roi(img, seg, case)`: `cannot unpack
non-iterable NoneType object`); and everything the return reads is bound before the `if` too, so
the value exists on both paths. A value first bound to None (`mask = None`) means None on purpose.

## Why is this bad?
`` default_collate: batch must contain tensors, ...; found <class 'NoneType'> ``: with the option
off, the function runs past the `if` and falls off its end, so Python returns None for every
sample. An `if` without the transform before the return would be an `if cond: return value` lookup
(None meant "absent"); here the return belongs to the function, one indent too deep.

## Example
```python
def vectorize(self, api_calls):
    x = np.zeros(len(self.vocab), dtype=np.float32)
    ...
    if self.feature_mask is not None:
        x = x * self.feature_mask
        return torch.from_numpy(x)
```

Use instead:
```python
def vectorize(self, api_calls):
    x = np.zeros(len(self.vocab), dtype=np.float32)
    ...
    if self.feature_mask is not None:
        x = x * self.feature_mask
    return torch.from_numpy(x)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._dataset import getitem_of, module_names
from resolver.fix.rules._definitions import imported_from
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import (
    BUILTINS,
    bound_names,
    is_none,
    own_nodes,
    parameter_names,
    read_names,
    self_attribute,
)
from resolver.write.edits import Edit, Workspace


class ReturnInBranch(Rule):
    categories = ("data.none_sample", "module.forward_returns_none")
    priority = 3  # after none_sample, none_field and setting_matches_no_branch: a None returned on purpose first

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if diagnosis.category == "data.none_sample":
            candidates, met = _sample_candidates(diagnosis, workspace), "which the default collate cannot batch"
        else:
            candidates, met = _unpacked_candidates(diagnosis, workspace), "which its caller cannot unpack"
        found = [(file, f, branch) for file, f in candidates if (branch := _return_in_last_if(file, f)) is not None]
        if len(found) != 1:
            return
        source, function, branch = found[0]
        *kept, last = branch.body.body
        new = source.replaced(branch, cst.FlattenSentinel([
            branch.with_changes(body=branch.body.with_changes(body=kept)), last.with_changes(leading_lines=[])]))
        reason = (f"Moved the return of {function.name.value}() out of the `if` above it: with that option off "
                  f"the function fell off its end and returned None, {met}; "
                  f"the value it returns is made before the `if` and only transformed inside it")
        yield source.edit(new, source.line_of(last), reason)


def _sample_candidates(diagnosis: Diagnosis, workspace: Workspace) -> list[tuple]:
    """`__getitem__` and the functions whose result it returns, when the probe read None samples (or a
    None field in every sample)."""
    loader = diagnosis.loader
    if loader is None or loader.collate_fn is not None or not loader.none_samples:
        return []
    none, read = loader.none_samples
    if read == 0 or 0 < none < read:
        return []  # some samples only: a row's own condition, not an option of the Dataset
    source, getitem = getitem_of(workspace, loader)
    if source is None or getitem is None:
        return []
    return [(source, getitem), *_sample_makers(workspace, source, getitem)]


def _unpacked_candidates(diagnosis: Diagnosis, workspace: Workspace) -> list[tuple]:
    """The project functions called on the innermost failing line whose result is unpacked
    (`img, seg = self._crop_roi(img, seg, case)`)."""
    for frame, source in user_frames(diagnosis, workspace):
        statement = source.statement_at(frame.line)
        assign = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
        if not isinstance(assign, cst.Assign) or not isinstance(assign.value, cst.Call) \
                or not isinstance(assign.targets[0].target, (cst.Tuple, cst.List)):
            return []
        return _functions_of(workspace, source, [assign.value], source.function_of(statement))
    return []


def _sample_makers(workspace: Workspace, source: Source, getitem: cst.FunctionDef) -> list[tuple]:
    """(file, function) for the functions whose result `__getitem__` returns (as the sample or as a
    field), called directly or through a name bound once: `self.vectorize(row)`, `load(path)` (also
    imported from another project file)."""
    returns = [r.value for r in own_nodes(getitem, cst.Return) if r.value is not None]
    parts = [e.value for v in returns for e in (v.elements if isinstance(v, (cst.Tuple, cst.List, cst.Dict)) else [])
             if isinstance(e, (cst.Element, cst.DictElement))] + returns
    calls = [p for p in parts if isinstance(p, cst.Call)]
    for name in (p.value for p in parts if isinstance(p, cst.Name)):
        values = [a.value for a in own_nodes(getitem, cst.Assign)
                  if any(isinstance(t.target, cst.Name) and t.target.value == name for t in a.targets)]
        calls += [v for v in values if isinstance(v, cst.Call)] if len(values) == 1 else []
    return _functions_of(workspace, source, calls, getitem)


def _functions_of(workspace: Workspace, source: Source, calls: list[cst.Call], caller) -> list[tuple]:
    """(file, function) run by each call: `self.method(...)` of the file, a function of the file or one
    imported from another project file."""
    found = []
    for call in calls:
        method = self_attribute(call.func)
        if method:
            found += [(source, f) for f in source.nodes(cst.FunctionDef) if f.name.value == method and f is not caller]
        elif isinstance(call.func, cst.Name):
            file = imported_from(workspace, source, call.func.value) or source
            found += [(file, f) for f in file.module.body
                      if isinstance(f, cst.FunctionDef) and f.name.value == call.func.value]
    return found


def _return_in_last_if(source: Source, function: cst.FunctionDef) -> cst.If | None:
    """The function's last statement when it is an `if` without `else` whose body transforms a value
    the function already had and then returns what is bound on both paths."""
    body = function.body.body
    branch = body[-1] if body else None
    if not isinstance(branch, cst.If) or branch.orelse is not None or len(branch.body.body) < 2 \
            or not (_option_test(branch.test) or _guarded_lookup(source, branch)):
        return None
    last = branch.body.body[-1]
    if not isinstance(last, cst.SimpleStatementLine) or len(last.body) != 1 \
            or not isinstance(last.body[0], cst.Return) or last.body[0].value is None:
        return None
    if any(isinstance(r.value, cst.BaseExpression) for r in own_nodes(function, cst.Return) if r is not last.body[0]):
        return None  # another return gives a value: the function's paths are its author's choice
    before = set(parameter_names(function)) | {n for s in body[:-1] for a in own_nodes(s, cst.Assign)
                                               for t in a.targets for n in bound_names(t.target)}
    before |= {n for s in body[:-1] for f in own_nodes(s, cst.For) for n in bound_names(f.target)}
    inside = {n for s in branch.body.body[:-1] for a in own_nodes(s, (cst.Assign, cst.AugAssign))
              for t in ([t.target for t in a.targets] if isinstance(a, cst.Assign) else [a.target])
              for n in bound_names(_written(t)) - {"self"}}  # rebound, or written into (`images[chosen] = ...`)
    read = {n.value for n in read_names(last.body[0].value)}
    if read - before - module_names(source) - BUILTINS:
        return None  # a name that exists on one path only: the value is made in the branch
    made = {n: a.value for s in body[:-1] for a in own_nodes(s, cst.Assign) for t in a.targets
            for n in bound_names(t.target)}  # the last value bound to each name before the `if`
    if not any(not is_none(made.get(n)) for n in read & inside & before):
        return None  # no transform of a value the function had (`mask = None` first: None is meant)
    return branch


def _option_test(test: cst.BaseExpression) -> bool:
    """A test of an option, not of a sample's values: a name or attribute, negated, compared with None or
    a constant, or several such joined by and/or (`if self.transform is not None`, `if flip`). A
    membership or an ordering (`if label in self.keep`, `if img.std() > self.min_std`) filters samples:
    None is what it means for the rest."""
    if isinstance(test, (cst.Name, cst.Attribute)):
        return True
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _option_test(test.expression)
    if isinstance(test, cst.BooleanOperation):
        return _option_test(test.left) and _option_test(test.right)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        constant = isinstance(target.comparator, (cst.Name, cst.SimpleString, cst.Integer, cst.Float))
        return isinstance(target.operator, (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual)) and constant \
            and isinstance(test.left, (cst.Name, cst.Attribute))
    return False


def _guarded_lookup(source: Source, branch: cst.If) -> bool:
    """`if case in self.roi:` whose body reads `self.roi[case]`: the test guards a lookup by the sample's
    key, so a sample without an entry is meant to pass untransformed, not to be dropped."""
    test = branch.test
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 \
            or not isinstance(test.comparisons[0].operator, cst.In):
        return False
    table, key = source.code(test.comparisons[0].comparator), source.code(test.left)
    return any(source.code(n.value) == table and len(n.slice) == 1 and source.code(n.slice[0].slice) == key
               for n in source.nodes(cst.Subscript, lambda n: source.within(n, branch.body)))


def _written(target: cst.BaseExpression) -> cst.BaseExpression:
    """The name an assignment target writes: itself, or what it indexes or sets an attribute of."""
    while isinstance(target, (cst.Subscript, cst.Attribute)):
        target = target.value
    return target
