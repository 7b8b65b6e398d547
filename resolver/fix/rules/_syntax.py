"""Syntax helpers the tracer and the rules share: what a call, an assignment or a loop target
says, read from the tree alone."""

from __future__ import annotations

import builtins

import libcst as cst
import libcst.matchers as m

from resolver.fix.rules import _source
from resolver.fix.rules._source import Source, inplace_call, method_call

BUILTINS = frozenset(dir(builtins))  # names no project defines: `len`, `float`, `print`


def the_return(function: cst.FunctionDef, path: tuple) -> cst.BaseExpression | None:
    """The value the function returns for the element `path` follows: its one `return`, or of
    several the one tuple that has that element (`return x` early, `return x, y` for `a, b = f()`)."""
    returns = [r.value for r in own_nodes(function, cst.Return) if r.value is not None]
    if len(returns) > 1 and path and isinstance(path[0], int):
        returns = [v for v in returns if isinstance(v, cst.Tuple) and len(v.elements) > path[0]]
    return returns[0] if len(returns) == 1 else None


def operand(node: cst.BaseExpression) -> cst.BaseExpression:
    """`(x - mu)` -> `x - mu`: the first operand of arithmetic, through parentheses and nesting."""
    while isinstance(node, cst.BinaryOperation):
        node = node.left
    return node


def last_name(func: cst.BaseExpression) -> str | None:
    if isinstance(func, cst.Attribute):
        return func.attr.value
    if isinstance(func, cst.Name):
        return func.value
    return None


def is_none(node: cst.CSTNode | None) -> bool:
    """The literal `None` (not a missing value: `node` itself may be None, which is not the literal)."""
    return isinstance(node, cst.Name) and node.value == "None"


def without_argument(call: cst.Call, dropped: cst.Arg) -> cst.Call:
    """The call without one argument: the argument before it takes its comma (and, for the last one,
    the line break before the closing parenthesis), so the layout of the rest stays as written."""
    args, index = list(call.args), list(call.args).index(dropped)
    if index > 0:
        changes = {"comma": dropped.comma}
        if index == len(args) - 1:
            changes["whitespace_after_arg"] = dropped.whitespace_after_arg
        args[index - 1] = args[index - 1].with_changes(**changes)
    del args[index]
    return call.with_changes(args=args)


def bare_squeeze(source: Source, node: cst.CSTNode) -> tuple[cst.Call, str] | None:
    """(the call, its flatten(1) form) for `torch.squeeze(x)` or `x.squeeze()` with no dimension."""
    if not isinstance(node, cst.Call):
        return None
    if source.calls(node, {"torch.squeeze"}) and len(node.args) == 1 and node.args[0].keyword is None:
        prefix = source.module.code_for_node(node.func.value) if isinstance(node.func, cst.Attribute) else "torch"
        return node, f"{prefix}.flatten({source.module.code_for_node(node.args[0].value)}, 1)"
    if method_call(node, "squeeze") and not node.args and not source.qualified_names(node.func.value) & {"torch"}:
        return node, f"{source.module.code_for_node(node.func.value)}.flatten(1)"
    return None


def squeezed_with_dim(call: cst.Call, dim: int) -> cst.Call:
    """A bare `x.squeeze()` / `torch.squeeze(x)` with the dimension named: `x.squeeze(1)`, `torch.squeeze(x, 1)`."""
    dimension = cst.Arg(cst.Integer(str(dim)))
    if not call.args:
        return call.with_changes(args=[dimension])
    first = call.args[0].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
    return call.with_changes(args=[first, dimension])


def string(node) -> str | None:
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value if isinstance(node.evaluated_value, str) else None
    return None


def constant_key(node: cst.Subscript, bound: dict | None = None):
    """The constant index or key (`x[0]`, `x["a"]`), or what a comprehension's name stands for in `bound`."""
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    value = node.slice[0].slice.value
    if isinstance(value, cst.Name) and bound and value.value in bound:
        return bound[value.value]
    if isinstance(value, cst.Integer):
        return int(value.value)
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus) \
            and isinstance(value.expression, cst.Integer):
        return -int(value.expression.value)
    return string(value)


def comprehension_key(clause: cst.CompFor, values: cst.BaseExpression, path: tuple) -> dict:
    """`[batch[col] for col in ["ids", "adj"]]` followed at element 1: {"col": "adj"}, when the loop
    runs over a literal list of constants (`values`, the iterable or what it was assigned)."""
    if not (path and isinstance(path[0], int) and isinstance(clause.target, cst.Name)
            and isinstance(values, (cst.List, cst.Tuple)) and -len(values.elements) <= path[0] < len(values.elements)):
        return {}
    element = values.elements[path[0]].value
    key = int(element.value) if isinstance(element, cst.Integer) else string(element)
    return {clause.target.value: key} if key is not None and clause.inner_for_in is None else {}


def getitem_return(klass: cst.ClassDef, source: Source | None = None) -> cst.BaseExpression | None:
    """What a dataset class's `__getitem__` returns, when it has one return; with the class's
    file, the one it inherits from a base class defined there (`CarvanaDataset(BasicDataset)`)."""
    for method in own_nodes(klass, cst.FunctionDef):
        if method.name.value == "__getitem__":
            returns = [r for r in own_nodes(method, cst.Return) if r.value is not None]
            return returns[0].value if len(returns) == 1 else None
    bases = [b.value.value for b in klass.bases if isinstance(b.value, cst.Name)] if source is not None else []
    inherited = [getitem_return(c, source) for c in source.nodes(cst.ClassDef, lambda c: c.name.value in bases)
                 if c is not klass] if bases else []
    return inherited[0] if len(inherited) == 1 else None


def statement_call(statement: cst.CSTNode | None, method: str) -> cst.Call | None:
    """`x.method(...)` as a statement of its own."""
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
            and isinstance(statement.body[0], cst.Expr) and isinstance(statement.body[0].value, cst.Call):
        call = statement.body[0].value
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == method:
            return call
    return None


def empty_list(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.List) and not node.elements \
        or isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "list" \
        and not node.args


def appended(scope: cst.CSTNode, container: cst.BaseExpression) -> cst.BaseExpression | None:
    """What a list that starts empty is filled with: the one `container.append(x)` in `scope` (a
    function, or the class for `self.items`); None when it is filled any other way too (extend,
    insert, +=, a second append), as the element would then not be sure."""
    spelled = cst.Module([]).code_for_node(container)
    appends, other = [], False

    class Visitor(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call):
            nonlocal other
            func = call.func
            if isinstance(func, cst.Attribute) and cst.Module([]).code_for_node(func.value) == spelled:
                if func.attr.value == "append" and len(call.args) == 1 and not call.args[0].star:
                    appends.append(call.args[0].value)
                elif func.attr.value in ("extend", "insert", "__setitem__", "__iadd__"):
                    other = True

        def visit_AugAssign(self, node: cst.AugAssign):
            nonlocal other
            if cst.Module([]).code_for_node(node.target) == spelled:
                other = True

        def visit_AssignTarget(self, node: cst.AssignTarget):
            nonlocal other
            if isinstance(node.target, cst.Subscript) and cst.Module([]).code_for_node(node.target.value) == spelled:
                other = True

    scope.visit(Visitor())
    return appends[0] if len(appends) == 1 and not other else None


def filled_list(scope: cst.CSTNode, name: cst.Name, value: cst.BaseExpression, path: tuple):
    """(the appended element, the path left in it) when `name` holds a list that starts empty and is
    filled by one append: the list itself (`losses = []`) or a key of a dict of them
    (`history = {"loss": []}`, `history["loss"].append(x)`)."""
    if empty_list(value):
        filled = appended(scope, name)
        return None if filled is None else (filled, path)
    if not (isinstance(value, cst.Dict) and path and isinstance(path[0], str)):
        return None
    held = [e.value for e in value.elements if isinstance(e, cst.DictElement) and string(e.key) == path[0]]
    if len(held) != 1 or not empty_list(held[0]):
        return None
    for quote in ('"', "'"):
        filled = appended(scope, cst.parse_expression(f"{name.value}[{quote}{path[0]}{quote}]"))
        if filled is not None:
            return filled, path[1:]
    return None


ITERATION_WRAPPERS = {"tqdm", "iter", "auto_tqdm", "track"}


def iterated(iterable: cst.BaseExpression, path: tuple) -> tuple[cst.BaseExpression, tuple]:
    """What a `for` loop draws the element at `path` from, through `enumerate`, `zip` and progress
    bars: (the iterable, the path left in its element)."""
    while isinstance(iterable, cst.Call):
        name = last_name(iterable.func)
        positional = [a.value for a in iterable.args if a.keyword is None and not a.star]
        if name == "enumerate" and path and path[0] == 1 and positional:
            iterable, path = positional[0], path[1:]
        elif name == "zip" and path and isinstance(path[0], int) and path[0] < len(positional):
            iterable, path = positional[path[0]], path[1:]
        elif name in ITERATION_WRAPPERS and positional:
            iterable = positional[0]
        else:
            break  # `DataLoader(...)` itself
    return iterable, path


def sums_in_loop(source: Source, scope: cst.CSTNode, name: str) -> list[cst.AugAssign]:
    """Each `name += ...` in a loop of `scope` (not a nested function): a running total."""
    return [a for a in own_nodes(scope, cst.AugAssign) if isinstance(a.operator, cst.AddAssign)
            and isinstance(a.target, cst.Name) and a.target.value == name and source.loop_of(a) is not None]


def parameter_names(function: cst.FunctionDef) -> list[str]:
    p = function.params
    return [param.name.value for param in (*p.posonly_params, *p.params, *p.kwonly_params)]


def argument(call: cst.Call, position: int, name: str) -> cst.BaseExpression | None:
    """The value bound to parameter `name` (at `position` when positional)."""
    found = _source.argument(call, position, name)
    return found.value if found is not None else None


def calls_function(call: cst.Call, function: cst.FunctionDef, method: bool) -> bool:
    """Whether this call, on the caller's line, is the one that ran `function`: by name (also
    `self.forward(x)`), or for a module's forward (called as `model(x)`), by the number of arguments
    it takes."""
    name = function.name.value
    last = last_name(call.func)
    if name not in ("forward", "__call__") or last == name:
        return last == name
    params = function.params
    takes = len(params.posonly_params) + len(params.params) - (1 if method else 0)
    required = takes - sum(1 for p in (*params.posonly_params, *params.params) if p.default is not None)
    given = sum(1 for a in call.args if a.keyword is None and not a.star)
    return last is not None and not last[:1].isupper() and required <= given <= takes and last != name


def through_module(calls: list[cst.Call], models: dict) -> list[cst.Call]:
    """Of several calls on a line that could have run a module's forward, those made through a module
    object the probe saw there (`model(x)` beside `mse_loss(model(x), y)`); all of them when none is."""
    named = [c for c in calls if isinstance(c.func, cst.Name) and c.func.value in models] if len(calls) > 1 else []
    return named or calls


def alias_call(source: Source, call: cst.Call, function: cst.FunctionDef) -> bool:
    """`net(X, w, b)` where the module binds `net = linreg` once: a call of `linreg`."""
    if not isinstance(call.func, cst.Name):
        return False
    bound = [a.value for a in source.nodes(cst.Assign) if source.enclosing(a, cst.FunctionDef) is None
             and any(isinstance(t.target, cst.Name) and t.target.value == call.func.value for t in a.targets)]
    return len(bound) == 1 and isinstance(bound[0], cst.Name) and bound[0].value == function.name.value


def own_nodes(scope: cst.CSTNode, kind: type) -> list:
    """Nodes of `kind` in `scope`'s body, not inside a nested function, class or lambda."""
    found = []

    class Visitor(cst.CSTVisitor):
        def on_visit(self, node):
            if node is not scope and isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                if isinstance(node, kind):
                    found.append(node)
                return False
            if isinstance(node, kind) and node is not scope:
                found.append(node)
            return True

    scope.visit(Visitor())
    return found


def target_paths(target: cst.BaseExpression, name: str, prefix: tuple = ()) -> tuple | None:
    """The position of `name` inside an assignment or loop target: () for the name itself,
    (1,) for `a, name`, (1, 0) for `i, (name, y)`."""
    if isinstance(target, cst.Name):
        return prefix if target.value == name else None
    if isinstance(target, (cst.Tuple, cst.List)):
        for i, element in enumerate(target.elements):
            if isinstance(element, cst.StarredElement):
                return None
            found = target_paths(element.value, name, prefix + (i,))
            if found is not None:
                return found
    return None


def comprehension_for(source: Source, node: cst.Name) -> tuple[cst.CompFor, tuple] | None:
    """(the `for ... in` clause, the path in its target) of a comprehension around `node` that binds its name."""
    for clause in loop_clauses(source.parents, node, stop=(cst.FunctionDef, cst.Lambda, cst.Module)):
        path = target_paths(clause.target, node.value) if isinstance(clause, cst.CompFor) else None
        if path is not None:
            return clause, path
    return None


def latest_binding(source: Source, scope, name: str, line: int):
    """(value, path in it, loop) of the last binding of `name` in `scope` (a function, or the
    module when None) before `line`; `loop` is the `for` statement when a loop target binds it."""
    container = scope if scope is not None else source.module
    best = None
    for node in own_nodes(container, (cst.Assign, cst.AnnAssign, cst.For)):
        start = source.line_of(node)
        if isinstance(node, cst.For):
            end = source.positions[node].end.line
            path = target_paths(node.target, name)
            if path is not None and start <= line <= end and (best is None or start >= best[0]):
                best = (start, None, path, node)
            continue
        if start >= line:
            continue
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        for target in targets:
            path = target_paths(target, name)
            if path is not None and node.value is not None and (best is None or start >= best[0]):
                best = (start, node.value, path, None)
    return None if best is None else best[1:]


def attribute_assignments(source: Source, klass: cst.ClassDef, attr: str) -> list:
    """(value, path, method name) of each `self.attr = ...` in the class's methods, in order, and of
    each `self.register_buffer("attr", value)` (or `register_parameter`)."""
    found = []
    for method in own_nodes(klass, cst.FunctionDef):
        for node in own_nodes(method, cst.Assign):
            for target in node.targets:
                for path, element in attribute_targets(target.target, attr):
                    found.append((source.line_of(node), node.value, path, method.name.value))
        for call in own_nodes(method, cst.Call):
            if method_call(call, "register_buffer", "register_parameter") and len(call.args) >= 2 \
                    and isinstance(call.func.value, cst.Name) and call.func.value.value == "self" \
                    and string(call.args[0].value) == attr:
                found.append((source.line_of(call), call.args[1].value, (), method.name.value))
    return [f[1:] for f in sorted(found, key=lambda f: f[0])]


def settled_attribute(source: Source, klass: cst.ClassDef, attr: str) -> bool:
    """`self.attr` is assigned once, in `__init__`, and never changed in place in the class (no
    `self.attr.mul_(...)`, `self.attr += ...`, `self.attr[i] = ...`): what `__init__` made is what
    an instance holds, so another object's trail may follow it there."""
    if [method for _, _, method in attribute_assignments(source, klass, attr)] != ["__init__"]:
        return False
    mine = m.Attribute(value=m.Name("self"), attr=m.Name(attr))
    changed = m.AugAssign(target=mine) \
        | m.Assign(targets=[m.ZeroOrMore(), m.AssignTarget(target=m.Subscript(value=mine)), m.ZeroOrMore()])
    calls = m.findall(klass, m.Call(func=m.Attribute(value=mine)))
    return not m.findall(klass, changed) and not any(inplace_call(call) for call in calls)


def attribute_targets(target, attr: str, prefix: tuple = ()):
    if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self" \
            and target.attr.value == attr:
        yield prefix, target
    elif isinstance(target, (cst.Tuple, cst.List)):
        for i, element in enumerate(target.elements):
            yield from attribute_targets(element.value, attr, prefix + (i,))


def unpacked_value(assign: cst.Assign, name: str) -> cst.BaseExpression | None:
    """`blocks, prev = [], in_channels`: the value `name` gets from a tuple written out on the
    right, element for element; None for any other unpacking."""
    if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, (cst.Tuple, cst.List)) \
            or not isinstance(assign.value, (cst.Tuple, cst.List)):
        return None
    targets, values = assign.targets[0].target.elements, assign.value.elements
    if len(targets) != len(values) or any(isinstance(e, cst.StarredElement) for e in (*targets, *values)):
        return None
    return next((v.value for t, v in zip(targets, values)
                 if isinstance(t.value, cst.Name) and t.value.value == name), None)


def loop_clauses(parents, node, stop=(cst.FunctionDef, cst.Module)):
    """The `for` statements and comprehension `for ... in` clauses around `node`, innermost
    first, up to the first `stop` node (`parents`: a parent map)."""
    parent = parents.get(node)
    while parent is not None and not isinstance(parent, stop):
        if isinstance(parent, cst.For):
            yield parent
        elif isinstance(parent, (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)):
            clause = parent.for_in
            while clause is not None:
                yield clause
                clause = clause.inner_for_in
        parent = parents.get(parent)


def loop_targets(parents, node) -> set[str]:
    """The names the `for` loops and comprehensions around `node` bind."""
    return set().union(*(bound_names(clause.target) for clause in loop_clauses(parents, node)))


def bound_names(target) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return set().union(*(bound_names(e.value) for e in target.elements))
    return set()


def returned_part(value: cst.BaseExpression, path: tuple) -> cst.BaseExpression | None:
    """The part of a returned `total, parts` (or `{"loss": total, ...}`) that the caller took
    (`loss, parts = criterion(...)`: path (0,); `criterion(...)["loss"]`: ("loss",)); None when
    the return does not hold it written out."""
    for key in path:
        if isinstance(value, (cst.Tuple, cst.List)) and isinstance(key, int) \
                and -len(value.elements) <= key < len(value.elements):
            value = value.elements[key].value
        elif isinstance(value, cst.Dict) and isinstance(key, str):
            value = next((e.value for e in value.elements if isinstance(e, cst.DictElement)
                          and isinstance(e.key, cst.SimpleString) and e.key.evaluated_value == key), None)
            if value is None:
                return None
        else:
            return None
    return value


def read_names(node: cst.CSTNode) -> list[cst.Name]:
    """The Name nodes an expression reads as variables: not attribute names (`x.weight`) or
    keywords (`dim=1`)."""
    found = []

    class Reads(cst.CSTVisitor):
        def visit_Attribute(self, attribute):
            attribute.value.visit(self)
            return False

        def visit_Arg(self, arg):
            arg.value.visit(self)
            return False

        def visit_Name(self, name):
            found.append(name)

    node.visit(Reads())
    return found


def self_attribute(node: cst.CSTNode) -> str | None:
    """`self.queue` or `self.queue[...]` (also `self.queue[a][b]`): the attribute it stores into."""
    while isinstance(node, cst.Subscript):
        node = node.value
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
        return node.attr.value
    return None
