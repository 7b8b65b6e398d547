"""## What it does
Shortens a Dataset's `__len__` by the overshoot of the read its `__getitem__` makes past the
end (`n - w + 1` -> `n - w`): where `__len__` counts the container `__getitem__` (or a method it
hands its index to) reads at its index plus an offset, both followed through locals. When the
offset names a term `__len__` lacks, `__len__` is rewritten by the read's own terms
(`len(x) - self.window - self.horizon + 1`); items that start a stride apart shorten the span
in `__len__`'s floor division by that same stride.

## Why is this bad?
`index 240 is out of bounds for dimension 0 with size 240` raised in `__getitem__`: the dataset
claims more items than its container gives, and `__getitem__(len(self) - 1)` is not a valid
read. `__len__` may count another container than the one read past only when the probe saw
both as long.

## Example
```python
def __len__(self):
    return len(self.series) - self.window + 1

def __getitem__(self, i):
    return self.series[i : i + self.window], self.series[i + self.window]
```

Use instead:
```python
def __len__(self):
    return len(self.series) - self.window
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._dataset import descendants, module_names
from resolver.fix.rules._project import methods
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace


def _len_overshoot(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """An index one (or k) past the end in `__getitem__`: the dataset claims more items than its
    container gives. `__len__` must count only the indices `__getitem__` can read."""
    match = re.search(r"index (-?\d+) is out of bounds for (?:dimension|axis) (\d+) with size (\d+)", diagnosis.message)
    overshoot = int(match[1]) - int(match[3]) + 1 if match else 1
    axis = int(match[2]) if match else 0
    if overshoot < 1:
        return
    for frame, source in user_frames(diagnosis, workspace):
        statement = source.statement_at(frame.line)
        getitem = statement and source.enclosing(statement, cst.FunctionDef)
        klass = getitem and source.enclosing(getitem, cst.ClassDef)
        if frame.function != "__getitem__" and not (klass and _reads_for_getitem(source, klass, getitem)):
            continue
        length = klass and methods(klass).get("__len__")
        params = getitem.params.params if getitem else ()
        if length is None or len(params) < 2:
            return
        index = params[1].name.value
        read, strides, keys = set(), set(), []
        for subscript in source.on_line(cst.Subscript, frame.line):
            # `x[i + w]`, or `x[i + w, col]` read past the end of the axis the message names
            picked = subscript.slice[axis if len(subscript.slice) > 1 else 0] if axis < len(subscript.slice) else None
            key = picked.slice if picked is not None else None
            steps = _offset_of(source, getitem, key.value, index) if isinstance(key, cst.Index) else None
            if steps is not None:
                read |= _data_behind(source, getitem, subscript.value)
                strides |= steps
                keys.append(key.value)
        returns = [r for r in source.nodes(cst.Return) if source.enclosing(r, cst.FunctionDef) is length and r.value]
        if len(returns) != 1 or len(strides) > 1:
            return
        counted = _data_behind(source, length, returns[0].value)
        if match and not read & counted:
            # `__len__` counts another container (the signal, the labels read past): one the probe
            # saw as long as the one read past is as good
            size = int(match[3])
            if not any(frame.lengths.get(name) == size for name in read) \
                    or not any(frame.lengths.get(name) == size for name in counted):
                return
        elif not read & counted:
            return  # __len__ does not count the container that was read past its end
        value = returns[0].value
        symbolic = _offset_subtracted(source, getitem, length, value, keys, index) if not strides \
            else _strided_count(source, getitem, value, keys, index, next(iter(strides)))
        new = symbolic or (_shortened(source, value, overshoot) if not strides
                           else _stride_shortened(source, value, strides.pop(), overshoot))
        if new is None:
            return
        reason = (f"Made {klass.name.value}.__len__ return {source.code(new)} instead of {source.code(value)}: "
                  f"__getitem__ reads {overshoot} past the end of its data for the last index")
        yield source.edit(source.replaced(value, new), source.line_of(returns[0]), reason)
        return


def _offset_subtracted(source: Source, getitem: cst.FunctionDef, length: cst.FunctionDef, value: cst.BaseExpression,
                       keys: list[cst.BaseExpression], index: str) -> cst.BaseExpression | None:
    """`len(s) - self.window` for a read at `i + self.window + self.horizon - 1` ->
    `len(s) - self.window - self.horizon + 1`: `__len__` subtracts the whole offset the read adds,
    in the read's own terms, so it stays right for any horizon. None when the read's offset names
    nothing `__len__` lacks (the count's constant is what is off) or is not a plain sum."""
    offsets = {tuple(terms) for key in keys if (terms := _terms(source, getitem, key, index)) is not None}
    counted = _terms(source, length, value, None)
    if len(offsets) != 1 or not counted or counted[0][0] != 1:
        return None
    offset = list(offsets.pop())
    base, subtracted = counted[0][1], [(-sign, code) for sign, code in counted[1:]]
    if any(not code.lstrip("-").isdigit() and offset.count((sign, code)) < subtracted.count((sign, code))
           for sign, code in subtracted):
        return None
    named = [(sign, code) for sign, code in offset if not code.lstrip("-").isdigit()]
    if sorted(named) == sorted((sign, code) for sign, code in subtracted if not code.lstrip("-").isdigit()):
        return None
    return cst.parse_expression(_minus(base, offset))


def _strided_count(source: Source, getitem: cst.FunctionDef, value: cst.BaseExpression, keys: list[cst.BaseExpression],
                   index: str, stride: str) -> cst.BaseExpression | None:
    """`len(s) // self.stride` for windows read up to `i * self.stride + self.window - 1` ->
    `(len(s) - self.window) // self.stride + 1`: the starts that leave room for a whole window.
    Only for a bare `length // stride`; a count that already subtracts is shortened by its number."""
    if not (isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.FloorDivide)
            and source.code(value.right) == stride and not isinstance(value.left, cst.BinaryOperation)):
        return None
    starts = {f"{index}*{stride}".replace(" ", ""), f"{stride}*{index}".replace(" ", "")}  # however it is spaced

    def start(term: tuple[int, str]) -> bool:
        return term[1].replace(" ", "") in starts

    offsets = set()
    for key in keys:
        terms = _terms(source, getitem, key, None)
        if terms is None or [sign for sign, code in terms if start((sign, code))] != [1]:
            return None
        offsets.add(tuple(t for t in terms if not start(t)))
    if len(offsets) != 1:
        return None
    return cst.parse_expression(f"({_minus(source.code(value.left), [*offsets.pop(), (1, '1')])}) // {stride} + 1")


def _minus(base: str, terms: list[tuple[int, str]]) -> str:
    """`base` less the signed terms, in their own words, the numbers summed into one."""
    named = "".join(f" - {code}" if sign > 0 else f" + {code}" for sign, code in terms
                    if not code.lstrip("-").isdigit())
    constant = -sum(sign * int(code) for sign, code in terms if code.lstrip("-").isdigit())
    return base + named + (f" + {constant}" if constant > 0 else f" - {-constant}" if constant < 0 else "")


def _terms(source: Source, function: cst.FunctionDef, node: cst.BaseExpression, index: str | None,
           sign: int = 1, seen: frozenset = frozenset()) -> list[tuple[int, str]] | None:
    """The signed terms of a sum (through the function's one-value locals), as code; the index
    itself is left out and must be there once, added (when `index` is given)."""
    found: list[tuple[int, str]] = []
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Subtract)):
        left = _terms(source, function, node.left, None, sign, seen)
        right_sign = -sign if isinstance(node.operator, cst.Subtract) else sign
        right = _terms(source, function, node.right, None, right_sign, seen)
        if left is None or right is None:
            return None
        found = left + right
    elif isinstance(node, cst.Name) and node.value not in seen \
            and len(values := _local_values(function, node.value)) == 1:
        inner = _terms(source, function, values[0], None, sign, seen | {node.value})
        if inner is None:
            return None
        found = inner
    elif isinstance(node, cst.Integer):
        found = [(sign, node.value)]
    else:
        bare = node.with_changes(lpar=[], rpar=[]) if hasattr(node, "lpar") else node
        found = [(sign, source.code(bare))]
    if index is None:
        return found
    at_index = [term for term in found if term[1] == index]
    if at_index != [(1, index)]:
        return None
    return [term for term in found if term[1] != index]


def _reads_for_getitem(source: Source, klass: cst.ClassDef, method: cst.FunctionDef) -> bool:
    """`__getitem__(idx)` hands its index on to this method of its class (`self.parse(idx)`)
    as its first argument: the method reads at the dataset's index."""
    getitem = methods(klass).get("__getitem__")
    params = getitem.params.params if getitem else ()
    if len(params) < 2 or method is getitem:
        return False
    index = params[1].name.value
    return any(isinstance(c.func, cst.Attribute) and source.code(c.func.value) == "self"
               and c.func.attr.value == method.name.value and c.args and c.args[0].keyword is None
               and isinstance(c.args[0].value, cst.Name) and c.args[0].value.value == index
               for c in source.nodes(cst.Call) if source.function_of(c) is getitem)


def _stride_shortened(source: Source, value: cst.BaseExpression, stride: str, by: int) -> cst.BaseExpression | None:
    """`(n - w) // stride + 1` -> `(n - w - 1) // stride + 1`: for items that start `stride` apart,
    the span the starts may cover is what gets shorter, not the count; nothing for another form."""
    count, plus = value, None
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add) \
            and isinstance(value.right, cst.Integer):
        count, plus = value.left, value.right
    if not (isinstance(count, cst.BinaryOperation) and isinstance(count.operator, cst.FloorDivide)
            and source.code(count.right.with_changes(lpar=[], rpar=[])) == stride) or count.lpar:
        return None
    span = count.left.with_changes(lpar=[], rpar=[])
    shorter = _shortened(source, span, by).with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    counted = count.with_changes(left=shorter)
    return value.with_changes(left=counted) if plus is not None else counted


def _names_callable_or_module(source: Source, name: cst.Name) -> bool:
    """`len` in `len(x)`, `np` in `np.asarray(x)`: not data."""
    parent = source.parents.get(name)
    return isinstance(parent, cst.Call) and parent.func is name \
        or isinstance(parent, cst.Attribute) and parent.value is name


def _local_values(function: cst.FunctionDef, name: str) -> list[cst.BaseExpression]:
    """What `name = ...` statements in the function assign to the name."""
    return [node.value for node in descendants(function.body)
            if isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is not None
            and any(isinstance(t, cst.Name) and t.value == name
                    for t in ([a.target for a in node.targets] if isinstance(node, cst.Assign) else [node.target]))]


def _offset_of(source: Source, function: cst.FunctionDef, key: cst.BaseExpression, index: str) -> set[str] | None:
    """Whether the key is the item's index plus or minus an offset (`i + self.window`, or a local
    `end = i + w`), the index maybe scaled by a stride (`start = i * self.stride`): the strides (as
    code) when it is, None when not. A key looked up elsewhere (`self.order[i]`) reads past the end
    for another reason."""
    found, strides, todo, seen = False, set(), [key], set()
    while todo:
        node = todo.pop()
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Subtract)):
            todo += [node.left, node.right]
        elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply) \
                and _names(node.left, index) != _names(node.right, index) \
                and isinstance(other := node.right if _names(node.left, index) else node.left,
                               (cst.Name, cst.Attribute, cst.Integer)):
            found = True
            strides.add(source.code(other))
        elif isinstance(node, cst.Name) and node.value == index:
            found = True
        elif isinstance(node, cst.Name) and node.value not in seen:
            seen.add(node.value)
            values = _local_values(function, node.value)
            if len(values) > 1:
                return None
            todo += values
        elif not isinstance(node, (cst.Name, cst.Attribute, cst.Integer)):
            return None
    return strides if found else None


def _names(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def _data_behind(source: Source, function: cst.FunctionDef, value: cst.BaseExpression) -> set[str]:
    """The attributes (`self.readings`) and module-level names an expression is computed from,
    through the function's local assignments (`z = (self.readings - self.mean) / self.std`)."""
    top_level = module_names(source)
    found, todo, seen = set(), [value], set()
    while todo:
        for node in descendants(todo.pop()):
            if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
                found.add(source.code(node))
            elif isinstance(node, cst.Name) and node.value not in seen and not _names_callable_or_module(source, node):
                seen.add(node.value)
                values = _local_values(function, node.value)
                todo += values
                if not values and node.value in top_level:
                    found.add(node.value)
    return found


def _shortened(source: Source, value: cst.BaseExpression, by: int) -> cst.BaseExpression:
    """`a + 1` -> `a`, `a - 2` -> `a - 3`, else `value - by`."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.right, cst.Integer):
        step = int(value.right.value)
        if isinstance(value.operator, cst.Add) and step >= by:
            return value.left if step == by else value.with_changes(right=cst.Integer(str(step - by)))
        if isinstance(value.operator, cst.Subtract):
            return value.with_changes(right=cst.Integer(str(step + by)))
    return cst.parse_expression(f"{source.code(value)} - {by}")


class DatasetLen(Rule):
    categories = ("data.index_past_end",)

    def matches(self, diagnosis: Diagnosis) -> bool:
        # only a read in a Dataset's __getitem__
        return super().matches(diagnosis) and any(f.user and f.function == "__getitem__" for f in diagnosis.frames)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _len_overshoot(diagnosis, workspace)
