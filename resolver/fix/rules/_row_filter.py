"""A Dataset's skip that belongs where its index is built (none_sample).

`__getitem__` returns None on a test of its row (`row = self.rows[i]`) and of what is fixed when
the dataset is made (`self.root`): a file that is missing (`os.path.exists`, `Path.is_file`), an
empty record (`row is None`, `not row["tokens"]`). That test holds the same in `__init__`, so the
rows that fail it are left out of the index there (`self.rows = [row for row in rows if ...]`) and
the branch goes: `len()` then counts the samples there are. A test that reads what only loading
tells (`np.load(path)` failing, a silent clip), the index itself (`if i in self.bad`), or state
that changes (a counter) is no test of the row: nothing is proposed here.
"""

from __future__ import annotations

import libcst as cst

from resolver.fix.rules._dataset import descendants
from resolver.fix.rules._project import methods, replaced_all, swapped
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import is_none, last_name, read_names
from resolver.write.edits import Edit

# what a test of a row may call: path and size look-ups, no loading
PURE_CALLS = {"len", "str", "int", "float", "bool", "isinstance", "exists", "isfile", "isdir", "is_file", "is_dir",
              "join", "getsize", "Path", "strip", "lower", "get", "endswith", "startswith"}
MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "sort"}


def rows_filtered(source: Source, getitem: cst.FunctionDef, name: str, none: int, read: int) -> Edit | None:
    klass = source.enclosing(getitem, cst.ClassDef)
    own = methods(klass) if klass is not None else {}
    init, length = own.get("__init__"), own.get("__len__")
    params = getitem.params.params
    if init is None or length is None or len(params) != 2 or not isinstance(getitem.body, cst.IndentedBlock):
        return None
    index = params[1].name.value
    statements = list(getitem.body.body)
    skip = next((s for s in statements if _returns_none_only(s)), None)
    if skip is None:
        return None
    bound = _prelude(statements[:statements.index(skip)], index) or _read_in_test(skip.test, index)
    if bound is None:
        return None
    attribute, target, locals_ = bound
    reads = [n for n in descendants(getitem.body) if isinstance(n, cst.Subscript) and _indexed(n, index)]
    if {_indexed(n, index) for n in reads} != {attribute} \
            or sum(n.value == index for n in read_names(getitem.body)) != len(reads):
        return None  # the index also reads another list (`self.labels[i]`): filtering one would misalign them
    test = _inlined(skip.test, locals_)
    direct = [n for n in descendants(test) if isinstance(n, cst.Subscript) and _indexed(n, index) == attribute]
    if direct and not isinstance(target, cst.Name):
        return None
    test = swapped(test, {n: target for n in direct})  # `self.rows[i] is None` -> `row is None`
    if test is None or not _row_test(test, _names(target), index):
        return None
    made = _index_made(klass, init, attribute, _self_attributes(test))
    if made is None or not _counts(length, attribute):
        return None
    item, keep = _kept(target, test)
    value = made.value
    new = cst.parse_expression(f"[{item} for {item} in {source.module.code_for_node(value)} "
                               f"if {source.module.code_for_node(keep)}]")
    text = replaced_all(source.module, {value: new, skip: cst.RemovalSentinel.REMOVE})
    reason = (f"Kept only the rows of {name}.{attribute} that pass `{source.code(keep)}` where __init__ builds the "
              f"index, and dropped `if {source.code(skip.test)}: return None` from __getitem__: the test reads only "
              f"the row, so it holds when the index is built ({none} of {read} samples read were None), and "
              "len() counts the samples there are")
    return source.edit(text, source.line_of(made), reason)


def _returns_none_only(statement: cst.CSTNode) -> bool:
    if not isinstance(statement, cst.If) or statement.orelse is not None:
        return False
    body = statement.body.body if isinstance(statement.body, cst.IndentedBlock) else statement.body.body
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine) or len(body[0].body) != 1:
        return False
    ret = body[0].body[0]
    return isinstance(ret, cst.Return) and (ret.value is None or is_none(ret.value))


def _prelude(statements: list, index: str):
    """(the indexed attribute, the row's target, {local: its value}) when the statements before
    the skip only read the row out of `self.<attribute>[index]` and name things made of it."""
    attribute, target, locals_ = None, None, {}
    for statement in statements:
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1 \
                or not isinstance(statement.body[0], cst.Assign) or len(statement.body[0].targets) != 1:
            return None
        assign = statement.body[0]
        left, value = assign.targets[0].target, assign.value
        row = _indexed(value, index)
        if row is not None and attribute is None:
            attribute, target = row, left
            continue
        if not isinstance(left, cst.Name) or attribute is None:
            return None
        inlined = _inlined(value, locals_)
        if inlined is None:
            return None
        locals_[left.value] = inlined
    return (attribute, target, locals_) if attribute is not None else None


def _read_in_test(test: cst.BaseExpression, index: str):
    """`if self.rows[i] is None: return None`: the row read in the test itself, named `row` there."""
    reads = [n for n in descendants(test) if isinstance(n, cst.Subscript) and _indexed(n, index)]
    if not reads or len({_indexed(n, index) for n in reads}) != 1:
        return None
    return _indexed(reads[0], index), cst.Name("row"), {}


def _indexed(value: cst.BaseExpression, index: str) -> str | None:
    """`self.rows[i]` -> "rows"."""
    if not (isinstance(value, cst.Subscript) and len(value.slice) == 1
            and isinstance(value.value, cst.Attribute) and isinstance(value.value.value, cst.Name)
            and value.value.value.value == "self"):
        return None
    element = value.slice[0].slice
    at = getattr(element, "value", None)
    return value.value.attr.value if isinstance(at, cst.Name) and at.value == index else None


def _inlined(node: cst.BaseExpression, locals_: dict) -> cst.BaseExpression | None:
    """`node` with each local of the prelude replaced by its value (parenthesized)."""
    swaps = {}
    for name in read_names(node):
        if name.value in locals_:
            value = locals_[name.value]
            simple = isinstance(value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.SimpleString))
            swaps[name] = value if simple else value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    if not swaps:
        return node
    return swapped(node, swaps)


def _names(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {e.value.value for e in target.elements if isinstance(e.value, cst.Name)}
    return set()


def _row_test(test: cst.BaseExpression, row: set[str], index: str) -> bool:
    """The test reads the row, `self.` attributes and modules, calls only look-ups, and never the index."""
    names = {n.value for n in read_names(test)}
    if index in names or not names & row:
        return False
    if any(isinstance(n, (cst.Lambda, cst.Await, cst.Yield, cst.NamedExpr)) for n in descendants(test)):
        return False
    for call in (n for n in descendants(test) if isinstance(n, cst.Call)):
        if last_name(call.func) not in PURE_CALLS:
            return False  # loading, or something this rule can't tell from loading
    return True


def _self_attributes(test: cst.BaseExpression) -> set[str]:
    return {n.attr.value for n in descendants(test) if isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name)
            and n.value.value == "self"}


def _index_made(klass: cst.ClassDef, init: cst.FunctionDef, attribute: str, read: set[str]) -> cst.Assign | None:
    """The one `self.<attribute> = ...` statement of the class, at the top of `__init__`, after
    every attribute the test reads is set there, and never changed by another method."""
    made, seen = None, set()
    for statement in init.body.body if isinstance(init.body, cst.IndentedBlock) else ():
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Assign) and len(small.targets) == 1:
                target = small.targets[0].target
                if _self_attribute(target) == attribute:
                    if made is not None or not read <= seen:
                        return None
                    made = small
                elif _self_attribute(target):
                    seen.add(_self_attribute(target))
    if made is None or attribute in read:
        return None
    for node in descendants(klass):
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)) and node is not made:
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            if any(_self_attribute(t) == attribute for t in targets):
                return None
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in MUTATORS \
                and _self_attribute(node.func.value) == attribute:
            return None
    return made


def _self_attribute(node: cst.CSTNode) -> str | None:
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
        return node.attr.value
    return None


def _counts(length: cst.FunctionDef, attribute: str) -> bool:
    """`__len__` returns `len(self.<attribute>)`: filtering the rows is what makes it right."""
    return any(isinstance(n, cst.Call) and last_name(n.func) == "len" and len(n.args) == 1
               and _self_attribute(n.args[0].value) == attribute for n in descendants(length))


def _kept(target: cst.BaseExpression, test: cst.BaseExpression) -> tuple[str, cst.BaseExpression]:
    """(the comprehension's variable, the test a kept row passes): the row's own name, or `row`
    with an unpacked row's names read as `row[k]`; the skip's test negated."""
    if isinstance(target, cst.Name):
        item = target.value
    else:
        item = next(n for n in ("row", "item", "record", "entry") if n not in {x.value for x in read_names(test)})
        elements = [e.value for e in target.elements]
        swaps = {n: cst.parse_expression(f"{item}[{elements.index(e)}]") for n in read_names(test)
                 for e in elements if isinstance(e, cst.Name) and e.value == n.value}
        test = swapped(test, swaps)
    return item, _negated(test)


def _negated(test: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = test.expression
        return inner.with_changes(lpar=[], rpar=[]) if isinstance(inner, (cst.Call, cst.Name, cst.Attribute,
                                                                            cst.Subscript, cst.Comparison)) else inner
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        flipped = {cst.Is: cst.IsNot, cst.IsNot: cst.Is, cst.Equal: cst.NotEqual, cst.NotEqual: cst.Equal,
                   cst.In: cst.NotIn, cst.NotIn: cst.In}
        operator = test.comparisons[0].operator
        if type(operator) in flipped:
            code = {cst.Is: "is", cst.IsNot: "is not", cst.Equal: "==", cst.NotEqual: "!=", cst.In: "in",
                    cst.NotIn: "not in"}
            new = code[flipped[type(operator)]]
            return cst.parse_expression(f"{cst.Module([]).code_for_node(test.left)} {new} "
                                        f"{cst.Module([]).code_for_node(test.comparisons[0].comparator)}")
    return cst.UnaryOperation(cst.Not(), test.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
                              if isinstance(test, (cst.BooleanOperation,)) else test)
