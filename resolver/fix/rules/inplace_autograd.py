"""## What it does
Makes the in-place operation that overwrote a tensor backward still needs out of place: `x += y`
-> `x = x + y`, `x.relu_()` -> `x = x.relu()`, `inplace=True` dropped, a slice assignment after
a `.clone()`, or, where the written name was bound to another tensor as it is (`out = x`, then
`out[:, :k] = ...`), that binding a copy (`out = x.clone()`); slice writes first when the
overwritten value is the output of one (`output 0 of CopySlices`). When the error names the
layer whose output was overwritten (`output 0 of
LeakyRelu1`) and an in-place layer right after an in-place one of that kind writes into it (the
next element of an `nn.Sequential` or list of layers; `self.drop(self.act(h))` with both built
in place in `__init__`; or `x = F.dropout(x, inplace=True)` after `x = F.leaky_relu(x,
inplace=True)`), that writer's `inplace=True` is dropped, everywhere the pattern is in the file,
first; a writer a loop makes in place (`if isinstance(m, (nn.ReLU, nn.Dropout)): m.inplace = True`)
is taken out of the loop's test instead, unless nothing would be left of it. A `+=` on a name the
failing frame holds as a number (`running += loss.item()`) is no tensor's write. The loop re-runs
the script once under anomaly detection, which names the forward line that made that tensor.

## Why is this bad?
`one of the variables needed for gradient computation has been modified by an inplace
operation`: backward reads the values the forward pass saved, and the in-place write replaced
them.

## Example
```python
h = torch.sigmoid(self.fc(x))
h += self.bias
```

Use instead:
```python
h = torch.sigmoid(self.fc(x))
h = h + self.bias
```
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._dataset import descendants
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Evidence, Rule
from resolver.fix.rules._source import Source, inplace_call, project_sources, user_frames
from resolver.fix.rules._syntax import attribute_assignments, last_name, latest_binding, own_nodes, parameter_names
from resolver.write.edits import Edit, Workspace

OPERATORS = {"+=": "+", "-=": "-", "*=": "*", "/=": "/", "//=": "//", "%=": "%", "**=": "**", "@=": "@"}
NOT_TENSOR_RECEIVERS = ("init", "grad", "optimizer", "optim", "torch", "F", "nn", "np", "math", "functional")


def _files(diagnosis: Diagnosis) -> list[Path]:
    paths = [diagnosis.forward_origin.file] if diagnosis.forward_origin else []
    paths += [f.file for f in reversed(diagnosis.frames) if f.user]
    paths += [m.site.file for m in diagnosis.modules if m.site]
    return list(dict.fromkeys(p.resolve() for p in paths))


def _candidates(source: Source, functions: set) -> Iterator[tuple[cst.CSTNode, cst.CSTNode, str, str]]:
    """(old node, new node, the tensor written, what was done) for each in-place op."""
    aliases: set[cst.SimpleStatementLine] = set()
    for statement in source.nodes(cst.SimpleStatementLine):
        function = source.enclosing(statement, cst.FunctionDef)
        if function not in functions or len(statement.body) != 1:
            continue
        small = statement.body[0]
        if isinstance(small, cst.AugAssign):
            op = source.module.code_for_node(small.operator).strip()
            target = source.module.code_for_node(small.target)
            if op in OPERATORS:
                new = cst.parse_statement(f"{target} = {target} {OPERATORS[op]} {_paren(source, small.value)}\n")
                yield statement, new.with_changes(leading_lines=statement.leading_lines), target, \
                    f"`{source.code(statement)}` -> `{source.code(new)}`"
        elif isinstance(small, cst.Expr) and inplace_call(small.value):
            receiver = source.module.code_for_node(small.value.func.value)
            if receiver.split(".")[-1] in NOT_TENSOR_RECEIVERS or "." in receiver and not receiver.startswith("self."):
                continue
            out_of_place = small.value.with_changes(func=small.value.func.with_changes(
                attr=cst.Name(small.value.func.attr.value[:-1])))
            new = cst.parse_statement(f"{receiver} = {source.module.code_for_node(out_of_place)}\n")
            yield statement, new.with_changes(leading_lines=statement.leading_lines), receiver, \
                f"`{source.code(statement)}` -> `{source.code(new)}`"
        elif isinstance(small, cst.Assign) and isinstance(small.targets[0].target, cst.Subscript):
            tensor = source.module.code_for_node(small.targets[0].target.value)
            alias = _alias(source, statement, function, tensor)
            if alias is not None:  # `out = x` then `out[...] = ...`: the writes went into x; copy it there
                if alias not in aliases:
                    aliases.add(alias)
                    value = alias.body[0].value
                    new = alias.with_changes(body=[alias.body[0].with_changes(value=cst.parse_expression(
                        f"{_paren(source, value)}.clone()"))])
                    yield alias, new, tensor, f"`{source.code(alias)}` -> `{source.code(new)}`"
                continue
            clone = cst.parse_statement(f"{tensor} = {tensor}.clone()\n")
            new = cst.FlattenSentinel([clone.with_changes(leading_lines=statement.leading_lines),
                                       statement.with_changes(leading_lines=())])
            yield statement, new, tensor, f"cloned {tensor} before `{source.code(statement)}`"


def _alias(source: Source, write: cst.SimpleStatementLine, function, tensor: str) -> cst.SimpleStatementLine | None:
    """The statement before a slice write, in the same block of its function, that last bound the
    written name to another tensor as it is (`out = x`): the name is that tensor, not a copy."""
    block = source.parents.get(write)
    if not isinstance(block, cst.IndentedBlock) or source.enclosing(write, cst.FunctionDef) is not function:
        return None
    for statement in reversed(block.body[:block.body.index(write)]):
        small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
            else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                and source.code(small.targets[0].target) == tensor:
            # a name bound in the function, not module state (`queue = self.queue`: the writes are meant for it)
            return statement if isinstance(small.value, cst.Name) else None
    return None


def _paren(source: Source, value: cst.BaseExpression) -> str:
    code = source.module.code_for_node(value)
    simple = isinstance(value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float))
    return code if simple else f"({code})"


def _flags(call: cst.Call) -> list[cst.Arg]:
    return [a for a in call.args if a.keyword is not None and a.keyword.value == "inplace"
            and isinstance(a.value, cst.Name) and a.value.value == "True"]


def _without_flag(call: cst.Call) -> cst.Call:
    args = [a for a in call.args if a not in _flags(call)]
    if args:
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return call.with_changes(args=args)


def _inplace_flags(source: Source) -> Iterator[tuple[cst.Call, cst.Call]]:
    for call in source.nodes(cst.Call):
        if _flags(call):
            yield call, _without_flag(call)


# autograd's node names for the layers whose in-place form saves its output for backward
NODE_ALIASES = {"relu6": "hardtanh"}


def _op_key(name: str) -> str:
    key = re.sub(r"[^a-z0-9]", "", name.lower())
    return NODE_ALIASES.get(key, key)


def _overwritten_op(message: str) -> str | None:
    """`... which is output 0 of LeakyReluBackward1` (or `of torch::autograd::CopySlices`): the op whose
    saved output was overwritten."""
    found = re.search(r"output \d+ of (?:\w+::)*(\w+?)(?:Backward)?\d*\b", message)
    return _op_key(found.group(1)) if found else None


def _chained_writers(source: Source, op: str, looped: dict[str, cst.BaseExpression] | None = None) -> list[cst.Call]:
    """In-place layers that write straight into the output of an in-place `op` layer, which its
    backward needs: the next element of the same `nn.Sequential(...)` or list of layers; or, in a
    forward, a layer (a call, or `self.drop` built in-place in the class) applied to what the `op`
    layer returned, nested (`self.drop(self.act(h))`) or in the next statement (`h = F.dropout(h,
    inplace=True)` after `h = F.leaky_relu(h, inplace=True)`). The writers' constructors. `looped`: the
    classes a loop makes in place (_loop_flags), when the caller has them already."""
    looped = _loop_flags(source) if looped is None else looped
    def layer(node) -> cst.Call | None:
        """The in-place layer a call is or runs: `nn.Dropout(inplace=True)`, `F.dropout(h, inplace=True)`,
        `self.drop(h)` with `self.drop` assigned that once in its class (or a layer a loop makes in place)."""
        if not isinstance(node, cst.Call):
            return None
        func, klass = node.func, source.enclosing(node, cst.ClassDef)
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self" \
                and klass is not None:
            made = attribute_assignments(source, klass, func.attr.value)
            made = made[0][0] if len(made) == 1 and not made[0][1] else None
            return made if isinstance(made, cst.Call) and (_flags(made) or _made_classes(source, made) & set(looped)) \
                else None
        return node if _flags(node) or _made_classes(source, node) & set(looped) else None

    def is_op(node) -> bool:
        found = layer(node)
        return found is not None and op in {_op_key(name) for name in _made_classes(source, found)}

    def first_input(call) -> cst.BaseExpression | None:
        return call.args[0].value if isinstance(call, cst.Call) and call.args and call.args[0].keyword is None \
            else None

    writers = []
    for container in source.nodes((cst.Call, cst.List, cst.Tuple)):
        items = container.args if isinstance(container, cst.Call) else container.elements
        values = [item.value for item in items]
        writers += [after for before, after in zip(values, values[1:]) if is_op(before) and layer(after) is after]
    for call in source.nodes(cst.Call, lambda c: is_op(first_input(c))):
        writers.append(layer(call))
    for block in source.nodes(cst.IndentedBlock):
        assigns = [s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
                   for s in block.body]
        for before, after in zip(assigns, assigns[1:]):
            if isinstance(before, cst.Assign) and isinstance(after, cst.Assign) and is_op(before.value) \
                    and first_input(after.value) is not None \
                    and source.code(first_input(after.value)) == source.code(before.targets[0].target):
                writers.append(layer(after.value))
    return list(dict.fromkeys(w for w in writers if w is not None))


def _unchained(source: Source, op: str) -> Edit | None:
    """One edit: every in-place layer that writes into an in-place `op` layer's output, out of place (a
    layer a loop makes in place: its class taken out of the loop's test)."""
    looped = _loop_flags(source)
    writers = _chained_writers(source, op, looped)
    if not writers:
        return None
    tests = {}  # a loop's test -> the test without the writers' classes
    for test in dict.fromkeys(looped[name] for w in writers if not _flags(w) for name in _made_classes(source, w)
                              if name in looped):
        tests[test] = _test_without(source, test, {last_name(w.func) for w in writers})
        if tests[test] is None:
            return None
    lines = ", ".join(str(source.line_of(w)) for w in writers)
    changed = "; ".join(f"`{source.code(t)}` -> `{source.code(kept)}` at line {source.line_of(t)}"
                        for t, kept in tests.items())
    done = f"Took the layer(s) built at line(s) {lines} out of the loop that makes layers in place ({changed})" \
        if tests else f"Dropped inplace=True from the in-place layer(s) at line(s) {lines}"
    reason = (f"{done}, each right after an in-place {op} whose output they overwrote: that layer's backward needs "
              "its output")
    new = {w: _without_flag(w) for w in writers if _flags(w)} | tests
    return source.edit(replaced_all(source.module, new), source.line_of(next(iter(tests), writers[0])), reason)


def _loop_flags(source: Source) -> dict[str, cst.BaseExpression]:
    """The layer classes a loop over modules makes in place (`if isinstance(m, nn.ReLU) or isinstance(m,
    nn.Dropout): m.inplace = True`): class name -> the `if` test that names it."""
    found = {}
    for branch in source.nodes(cst.If):
        sets = [a for a in own_nodes(branch.body, cst.Assign) if isinstance(a.targets[0].target, cst.Attribute)
                and a.targets[0].target.attr.value == "inplace" and source.code(a.value) == "True"]
        tests = [c for c in descendants(branch.test) if isinstance(c, cst.Call)
                 and last_name(c.func) == "isinstance" and len(c.args) == 2] if sets else []
        for call in tests:
            kinds = call.args[1].value
            for kind in [e.value for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]:
                found[last_name(kind)] = branch.test
    return found


def _test_without(source: Source, test: cst.BaseExpression, classes: set[str]) -> cst.BaseExpression | None:
    """The `isinstance` test with those classes taken out (`isinstance(m, nn.ReLU) or isinstance(m, nn.Dropout)`,
    `isinstance(m, (nn.ReLU, nn.Dropout))`); None when nothing would be left."""
    operands, node = [], test
    while isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
        operands.insert(0, node.right)
        node = node.left
    kept = []
    for operand in [node, *operands]:
        if not (isinstance(operand, cst.Call) and last_name(operand.func) == "isinstance" and len(operand.args) == 2):
            return None
        kinds = operand.args[1].value
        names = [source.code(k.value) for k in kinds.elements] if isinstance(kinds, cst.Tuple) else [source.code(kinds)]
        left = [n for n in names if n.rsplit(".", 1)[-1] not in classes]
        if left:
            kind = left[0] if len(left) == 1 else f"({', '.join(left)})"
            kept.append(f"isinstance({source.code(operand.args[0].value)}, {kind})")
    return cst.parse_expression(" or ".join(kept)) if kept else None


def _made_classes(source: Source, call: cst.Call) -> set[str]:
    """The layer classes a constructor call makes: its own name, or what a helper of the file returns
    (`get_activation_fn("relu")` -> `nn.ReLU()`)."""
    name = last_name(call.func) or ""
    helpers = [f for f in source.module.body if isinstance(f, cst.FunctionDef) and f.name.value == name]
    returned = {last_name(r.value.func) for f in helpers for r in own_nodes(f, cst.Return)
                if isinstance(r.value, cst.Call)}
    return {n for n in returned if n} or {name}


class InplaceAutograd(Rule):
    categories = ("autograd.inplace_modified",)
    needs = frozenset({Evidence.ANOMALY_TRACE})

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        origin = diagnosis.forward_origin
        ranked: list[tuple[tuple, Edit]] = []
        for path in _files(diagnosis):
            source = Source.parse(workspace, path)
            if source is None:
                continue
            functions = {f for f in source.nodes(cst.FunctionDef) if f.name.value == "forward"}
            origin_function = origin_name = None
            if origin is not None and origin.file.resolve() == path:
                statement = source.statement_at(origin.line)
                origin_function = statement and source.enclosing(statement, cst.FunctionDef)
                assigned = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
                if isinstance(assigned, cst.Assign):
                    origin_name = source.module.code_for_node(assigned.targets[0].target)
            # the functions the failing frames ran, with the tensors each held (a float total is no tensor)
            held = {source.enclosing(s, cst.FunctionDef): set(f.tensors) for f in diagnosis.frames
                    if f.user and f.file.resolve() == path for s in [source.statement_at(f.line)] if s is not None}
            functions |= set(held)
            functions.add(origin_function)
            op = _overwritten_op(diagnosis.message)
            for old, new, tensor, what in _candidates(source, functions):
                within = source.enclosing(old, cst.FunctionDef)
                in_origin = origin_function is not None and within is origin_function
                if within in held and not in_origin and re.match(r"\w+", tensor)[0] not in held[within]:
                    continue  # `running += loss.item()` in the loop: a number, not a tensor backward reads
                line = source.line_of(old)
                after_origin = origin_function is not None \
                    and source.enclosing(old, cst.FunctionDef) is origin_function \
                    and line > origin.line
                # `output 0 of CopySlices`: a slice write made the overwritten value; its copy goes first
                sliced = what.startswith("cloned ") or what.endswith(".clone()`")
                rank = (0 if after_origin and tensor == origin_name or op == "copyslices" and sliced
                        else 1 if after_origin else 3, line)
                reason = (f"Made the in-place operation at line {line} out of place ({what}): backward needs the "
                          "value it overwrote")
                ranked.append((rank, source.edit(source.replaced(old, new), line, reason)))
            unchained = _unchained(source, op) if op else None
            if unchained is not None:
                ranked.append(((0, 0), unchained))
            saver = _origin_layers(source, origin_function, origin.line) if origin_function is not None else set()
            for call, new in _inplace_flags(source):
                line = source.line_of(call)
                reason = (f"Changed {source.code(call)} to {source.code(new)}: its in-place write destroyed a value "
                          "backward needs")
                rank = 4 if call in saver else 2  # the layer whose output was saved: its own flag does not change that
                ranked.append(((rank, line), source.edit(source.replaced(call, new), line, reason)))
            returned = origin_name is not None and _returns(origin_function, origin_name) \
                or _is_return(source.statement_at(origin.line)) if origin_function is not None else False
            if returned:  # the forward returns the saved output: the write is in a caller
                ranked += _module_output_writes(workspace)
        for source, helper in _helpers_given_graph(diagnosis, workspace):
            parameters = set(parameter_names(helper))
            for old, new, tensor, what in _candidates(source, {helper}):
                if tensor in parameters and _returns(helper, tensor) and source.in_no_grad(old) is None:
                    line = source.line_of(old)
                    reason = (f"Made the in-place operation at line {line} out of place ({what}): "
                              f"{helper.name.value}() writes into the tensor its caller passed, which backward needs")
                    ranked.append(((1, line), source.edit(source.replaced(old, new), line, reason)))
        proposed = set()
        for _, edit in sorted(ranked, key=lambda item: item[0]):
            if edit.changes not in proposed:  # one write can be found both in a failing file and as a caller's
                proposed.add(edit.changes)
                yield edit


def _origin_layers(source: Source, function: cst.FunctionDef, line: int) -> set[cst.Call]:
    """The constructors of the layer the origin line runs (`x = self.act(x)`: what `self.act` is assigned)."""
    klass = source.enclosing(function, cst.ClassDef)
    called = {c.func.attr.value for c in source.on_line(cst.Call, line) if isinstance(c.func, cst.Attribute)
              and isinstance(c.func.value, cst.Name) and c.func.value.value == "self"}
    return {value for attr in called for value, *_ in (attribute_assignments(source, klass, attr) if klass else [])
            if isinstance(value, cst.Call)}


def _is_return(statement: cst.CSTNode | None) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and isinstance(statement.body[0], cst.Return)


def _returns(function: cst.FunctionDef, name: str) -> bool:
    return any(isinstance(r.value, cst.Name) and r.value.value == name for r in own_nodes(function, cst.Return))


def _module_output_writes(workspace: Workspace) -> list[tuple[tuple, Edit]]:
    """The origin's forward returns the tensor backward needed, so the write is in a caller: in-place ops
    in the project's forwards on a submodule's output (`out = self.block(x)`, then `out += residual`),
    or on an element of a list of them (`laterals = [conv(x) for conv in self.lateral_convs]`, then
    `laterals[i - 1] += ...`)."""
    found = []
    for source in project_sources(workspace):
        forwards = {f for f in source.nodes(cst.FunctionDef) if f.name.value == "forward"}
        for old, new, tensor, what in _candidates(source, forwards):
            name = re.match(r"\w+", tensor)[0]
            binding = latest_binding(source, source.enclosing(old, cst.FunctionDef), name, source.line_of(old))
            value = binding[0] if binding is not None and not binding[1] and binding[2] is None else None
            listed = isinstance(value, cst.ListComp) and name != tensor and isinstance(value.elt, cst.Call) \
                and "self." in source.code(value.for_in.iter)
            called = name == tensor and isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                and source.code(value.func.value) == "self"
            if listed or called:
                line = source.line_of(old)
                reason = (f"Made the in-place operation at line {line} out of place ({what}): it writes into the "
                          "output of a submodule whose last layer saved that output for backward")
                found.append(((1, line), source.edit(source.replaced(old, new), line, reason)))
    return found


def _helpers_given_graph(diagnosis: Diagnosis, workspace: Workspace) -> list[tuple[Source, cst.FunctionDef]]:
    """Module-level project functions given a tensor of the graph: by a failing frame's function (a name
    the probe saw requiring grad there, or a call's result: `y = utils.inverse_transform(y, s)`,
    `to_units(model(x))`), or by the forward that made the overwritten value, given that value
    (`att = zero_border(att)` after `att = torch.sigmoid(...)`)."""
    project = project_sources(workspace)
    given = []
    for frame, source in user_frames(diagnosis, workspace):
        statement = source.statement_at(frame.line)
        scope = (source.function_of(statement) if statement is not None else None) or source.module
        graph = {n for n, t in frame.tensors.items() if t.requires_grad}
        given += [(source, c) for c in own_nodes(scope, cst.Call) if graph and any(
            isinstance(a.value, cst.Name) and a.value.value in graph or isinstance(a.value, cst.Call) for a in c.args)]
    origin = diagnosis.forward_origin
    source = Source.parse(workspace, origin.file) if origin is not None else None
    statement = source.statement_at(origin.line) if source is not None else None
    made = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
    if isinstance(made, cst.Assign) and isinstance(made.targets[0].target, cst.Name):
        name = made.targets[0].target.value
        given += [(source, c) for c in own_nodes(source.function_of(statement) or source.module, cst.Call)
                  if source.line_of(c) > origin.line and any(isinstance(a.value, cst.Name) and a.value.value == name
                                                              for a in c.args)]
    found = []
    for caller, call in given:
        if isinstance(caller.parents.get(call), cst.Expr):
            continue  # the result is dropped: the caller reads the helper's write in place, a copy would lose it
        defined = [(s, f) for s in project for f in s.module.body
                   if isinstance(f, cst.FunctionDef) and f.name.value == last_name(call.func)]
        if len(defined) == 1 and defined[0] not in found:
            found.append(defined[0])
    return found
