"""Follow the name a constructor argument is given back to where its number is made: a config
dataclass field's default, an argparse default, a dict entry, a module-level constant (also
imported from another file), `self.x = ...` in an `__init__`, a property's return (a vocabulary's
size), a local assignment, a helper's parameter to its call site (the probe's stack of
constructing frames). A count short of the project's named special tokens gets them by name:
`len(self.words) + len(SPECIALS)`. The wrong number is
fixed there, once, instead of patched over where it is used.

A link is followed only when it is certain: exactly one assignment makes the name, and the name
is read in exactly one place that is not a print or a log line. A name read in two places feeds
something else too (a hidden size shared by an LSTM and a Linear): changing where it is made
would change that as well, so the constructor call is the right place and nothing is found."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import libcst as cst
import libcst.matchers as m

from resolver.diagnose.diagnosis import Site
from resolver.fix.retarget import evaluate, rewrites
from resolver.fix.rules._declarations import argparse_default, property_returns
from resolver.fix.rules._source import Source, argument, project_sources
from resolver.fix.rules._syntax import bound_names, unpacked_value
from resolver.fix.rules._vocabulary import named_extra
from resolver.write.edits import Change, Edit, Workspace

MAX_LINKS = 8
QUIET_CALLS = {"print", "debug", "info", "warning", "log", "write", "format", "add_scalar", "set_description"}
PLACEHOLDER = "_resolver_value_"


def quiet(file: Source, node: cst.CSTNode) -> bool:
    """Inside a print, a log call or an f-string: a read that feeds no computation."""
    while node in file.parents:
        node = file.parents[node]
        if isinstance(node, cst.FormattedString):
            return True
        if isinstance(node, cst.Call):
            func = node.func
            name = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")
            if name in QUIET_CALLS:
                return True
    return False


@dataclass(frozen=True)
class Definition:
    """The expression that makes a constructor argument's number, where it is written."""

    file: Source
    value: cst.BaseExpression
    what: str  # "the default of TrainConfig.fc_in_features", for the report

    def edits(self, declared: int, needed: int, why: str) -> Iterator[Edit]:
        """The definition rewritten to give `needed`, keeping its names; a bare literal is
        rewritten as a literal. An expression whose names are unknown here (`len(vocab)`) is
        kept whole and scaled or offset (`len(vocab) + 1`)."""
        code = self.file.module.code_for_node(self.value)
        scope = _constants(self.file)
        if evaluate(code, scope) == declared:
            found = [r.code for r in rewrites(code, scope, needed, related=False) if r.kept_names]
        elif evaluate(code, scope) is None and _holds_call(self.value):
            opaque, shape, value = _opaque_part(self.file, self.value, declared)
            found = [r.code.replace(PLACEHOLDER, opaque) for r in rewrites(shape, {PLACEHOLDER: value}, needed)
                     if r.kept_names]
            named = named_extra(self.file, needed - value, self.file.enclosing(self.value, cst.ClassDef))
            if named is not None and shape == PLACEHOLDER:  # `len(self.words)` short of the special tokens
                found.insert(0, f"{opaque} + len({named})")
        else:
            return  # another number than the module got, or names not known here: leave it to the call
        for new in found:
            text = self.file.module.deep_replace(self.value, cst.parse_expression(new)).code
            reason = (f"Changed {self.what} ({self.file.path.name}) from {self.file.code(self.value)} to {new} {why}")
            yield Edit((Change(self.file.path, self.file.text, text),), self.file.line_of(self.value), reason)


def _opaque_part(file: Source, value: cst.BaseExpression, declared: int) -> tuple[str, str, int]:
    """(opaque code, the expression with it as PLACEHOLDER, the opaque part's value): in
    `len(vocab) - 1` the opaque part is `len(vocab)`, worth declared + 1, so that its literal can
    be changed (`len(vocab)`) rather than stacked (`(len(vocab) - 1) + 1`)."""
    code = file.module.code_for_node(value)
    if isinstance(value, cst.BinaryOperation) and isinstance(value.right, cst.Integer):
        k = int(value.right.value)
        solved = {cst.Add: declared - k, cst.Subtract: declared + k}.get(type(value.operator))
        if solved is not None:
            left = file.module.code_for_node(value.left)
            return left, code.replace(left, PLACEHOLDER, 1), solved
    atom = isinstance(value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
    return (code if atom else f"({code})"), PLACEHOLDER, declared


def _constants(file: Source) -> dict[str, int]:
    """Module-level `NAME = <int>` of a file, for evaluating a definition that uses them."""
    found = {}
    for statement in file.module.body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and isinstance(small.targets[0].target, cst.Name):
                value = evaluate(file.module.code_for_node(small.value), found)
                if value is not None:
                    found[small.targets[0].target.value] = value
    return found


def definition(workspace: Workspace, site: Site, index: int, keyword: str) -> Definition | None:
    """Where the number given to the constructor at `site` (parameter `keyword` or position
    `index`) is made, when that is another place than the call (or its helper's call site)."""
    links = trail(workspace, site, index, keyword)
    if not links:
        return None
    file, node, _ = links[-1]
    what = next((w for _, _, w in reversed(links) if w), "")  # the last assignment followed
    if isinstance(node, (cst.Name, cst.Attribute, cst.Subscript)):
        return None
    if len(links) == 1 or all(w == "" for _, _, w in links):  # the call's own argument (or a caller's)
        # only an opaque one (`len(vocab)`), which retarget can't scale
        known = evaluate(file.module.code_for_node(node), {**_constants(file), **site.scope}) is not None
        return None if known or not _holds_call(node) else Definition(file, node, f"`{file.code(node)}`")
    return Definition(file, node, what)


def trail(workspace: Workspace, site: Site, index: int, keyword: str) -> list[tuple[Source, cst.BaseExpression, str]]:
    """Every expression the constructor's argument was followed through, the call's own first,
    each with the words for where it is assigned ("" for an argument passed to a parameter): a
    parameter to its caller's argument (the probe's stack), a name, attribute or key to its one
    assignment. The last is where following stopped: the definition, or a name that could not be
    followed further."""
    file = Source.parse(workspace, site.file)
    call = file and file.call_at(site)
    arg = call and argument(call, index, keyword)
    if arg is None:
        return []
    node, callers = arg.value, list(site.callers)
    links = [(file, node, "")]
    carried = False  # a width a loop in this frame carries: the loop, not the caller, made the variants
    for _ in range(MAX_LINKS):
        if not isinstance(node, (cst.Name, cst.Attribute, cst.Subscript)):
            break
        if isinstance(node, cst.Name) and parameter_of(file, node):
            if not callers:
                break
            caller = callers.pop(0)
            found = at_caller(workspace, file, node, caller)
            # a helper called with several values by one call: only the values a loop carries
            # (the first iteration's is followed, and must still give the declared number)
            if found is None or (caller.variants > 1 and not carried and not _loop_carried(*found)):
                break
            file, node = found
            links.append((file, node, ""))
            carried = False
            continue
        function = file.enclosing(node, cst.FunctionDef)
        found = _assignment(workspace, file, node)
        if found is None:
            break
        carried = carried or _loop_carried(file, node) is found[1]
        file, node, what = found
        links.append((file, node, what))
        if file.enclosing(node, cst.FunctionDef) is not function or function is None:
            callers = []  # the probe's stack belongs to the constructor's frame only
    return links


def _holds_call(node: cst.CSTNode) -> bool:
    return bool(m.findall(node, m.Call()))


def _params(function: cst.FunctionDef) -> list[cst.Param]:
    p = function.params
    return [*p.posonly_params, *p.params, *p.kwonly_params]


def parameter_of(file: Source, name: cst.Name) -> cst.Param | None:
    function = file.enclosing(name, cst.FunctionDef)
    return next((p for p in _params(function) if p.name.value == name.value), None) if function else None


def at_caller(workspace: Workspace, file: Source, name: cst.Name, caller: Site):
    """The value a helper's (or class's) caller passes for the parameter `name`: the argument,
    else the parameter's default."""
    function = file.enclosing(name, cst.FunctionDef)
    caller_file = Source.parse(workspace, caller.file)
    call = caller_file and caller_file.call_at(caller)
    if call is None:
        return None
    params = [p for p in _params(function) if p.star not in ("*", "**")]
    names = [p.name.value for p in params]
    position = names.index(name.value) - (1 if names and names[0] in ("self", "cls") else 0)
    keyword_only = any(p is param for p in function.params.kwonly_params for param in params
                       if param.name.value == name.value)
    arg = argument(call, 10**6 if keyword_only else position, name.value)
    if arg is not None:
        return caller_file, arg.value
    param = next(p for p in params if p.name.value == name.value)
    return (file, param.default) if param.default is not None else None


def _assignment(workspace: Workspace, file: Source, node):
    """(file, value, words) of the one assignment that makes this name, attribute or key, when
    there is exactly one and the name is read in exactly one place."""
    if isinstance(node, cst.Name):
        return _local_or_global(workspace, file, node)
    if isinstance(node, cst.Attribute):
        return _attribute(workspace, file, node)
    key = _string_key(node)
    if key is None:
        return None
    files = project_sources(workspace)
    made = [(f, element.value) for f in files for element in f.nodes(cst.DictElement)
            if isinstance(element.key, cst.SimpleString) and element.key.evaluated_value == key]
    made += [(f, arg.value) for f in files for arg in f.nodes(cst.Arg)
             if arg.keyword is not None and arg.keyword.value == key and _call_name(f, arg) == "dict"]
    made += [(f, a.value) for f in files for a in f.nodes(cst.Assign)
             if any(_string_key(t.target) == key for t in a.targets)]
    reads = [(f, s) for f in files for s in f.nodes(cst.Subscript)
             if _string_key(s) == key and not _is_target(f, s) and not quiet(f, s)]
    if len(made) != 1 or len(reads) != 1:
        return None
    return made[0][0], made[0][1], f'the "{key}" entry'


def _string_key(node) -> str | None:
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        value = node.slice[0].slice.value
        if isinstance(value, cst.SimpleString):
            return value.evaluated_value
    return None


def _call_name(file: Source, arg: cst.Arg) -> str:
    call = file.parents.get(arg)
    func = call.func if isinstance(call, cst.Call) else None
    return func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")


def _is_target(file: Source, node) -> bool:
    parent = file.parents.get(node)
    return isinstance(parent, (cst.AssignTarget, cst.AugAssign)) or (
        isinstance(parent, cst.AnnAssign) and parent.target is node)


def _assigned_values(file: Source, scope, name: str) -> list:
    """Values assigned to the bare name `name` directly in `scope` (not in nested functions or
    classes); None for a binding whose value is not a plain expression (a loop, an augmented
    assignment, a with or an import)."""
    found = []
    for node in file.nodes((cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName, cst.NamedExpr)):
        if _owner(file, node) is not scope:
            continue
        if isinstance(node, cst.Assign):
            if any(isinstance(t.target, cst.Name) and t.target.value == name for t in node.targets):
                found.append(node.value if len(node.targets) == 1 else None)
            elif any(name in bound_names(t.target) for t in node.targets):
                found.append(unpacked_value(node, name))  # None when which value is not visible
        elif isinstance(node, cst.AnnAssign):
            if isinstance(node.target, cst.Name) and node.target.value == name:
                found.append(node.value)
        elif isinstance(node, cst.NamedExpr):
            if isinstance(node.target, cst.Name) and node.target.value == name:
                found.append(node.value)
        else:
            target = node.target if isinstance(node, (cst.AugAssign, cst.For)) else node.name
            if name in bound_names(target):
                found.append(None)
    return found


def _owner(file: Source, node):
    """The function, class or module whose namespace a binding at `node` lands in."""
    return file.enclosing(node, (cst.FunctionDef, cst.ClassDef)) or file.module


def _reads(file: Source, scope, name: str) -> int:
    return sum(1 for n in file.nodes(cst.Name) if n.value == name and _owner(file, n) is scope
               and _is_read(file, n) and not quiet(file, n))


def _is_read(file: Source, name: cst.Name) -> bool:
    """The name is read here: not assigned, not an attribute's or keyword's name, not what a def,
    class or import binds."""
    return not (_is_target(file, name) or _is_attribute_name(file, name) or _is_keyword(file, name)
                or _is_definition_name(file, name))


def _is_attribute_name(file: Source, name: cst.Name) -> bool:
    parent = file.parents.get(name)
    return isinstance(parent, cst.Attribute) and parent.attr is name


def _is_keyword(file: Source, name: cst.Name) -> bool:
    parent = file.parents.get(name)
    return isinstance(parent, (cst.Arg, cst.Param)) and (getattr(parent, "keyword", None) is name
                                                         or getattr(parent, "name", None) is name)


def _is_definition_name(file: Source, name: cst.Name) -> bool:
    parent = file.parents.get(name)
    return isinstance(parent, (cst.FunctionDef, cst.ClassDef, cst.ImportAlias, cst.AsName))


def _local_or_global(workspace: Workspace, file: Source, name: cst.Name):
    function = file.enclosing(name, cst.FunctionDef)
    if function is not None:
        values = _assigned_values(file, function, name.value)
        first = _loop_carried(file, name)
        if first is not None:
            return file, first, f"`{name.value}` before the loop"
        if values:
            if len(values) != 1 or values[0] is None or _reads(file, function, name.value) != 1:
                return None
            return file, values[0], f"`{name.value}`"
    values = _assigned_values(file, file.module, name.value)
    if values:
        if len(values) != 1 or values[0] is None or _global_reads(workspace, file, name.value) != 1:
            return None
        return file, values[0], f"the constant {name.value}" if name.value.isupper() else f"`{name.value}`"
    source = imported_from(workspace, file, name.value)
    if source is None:
        return None
    values = _assigned_values(source, source.module, name.value)
    if len(values) != 1 or values[0] is None or _global_reads(workspace, source, name.value) != 1:
        return None
    return source, values[0], f"the constant {name.value}"


def _loop_carried(file: Source, name) -> cst.BaseExpression | None:
    """The value a loop-carried name has in the loop's first iteration (`prev = in_features`,
    then `Linear(prev, width); prev = width` in the loop): its one assignment before the loop,
    when every other assignment is in the loop after this read, and no read outside the loop
    comes before it ends."""
    if not isinstance(name, cst.Name) or file.enclosing(name, cst.FunctionDef) is None:
        return None
    function, loop = file.enclosing(name, cst.FunctionDef), file.enclosing(name, cst.For)
    if loop is None or file.enclosing(loop, cst.FunctionDef) is not function or name.value in bound_names(loop.target):
        return None
    inside, outside = [], []
    for node in file.nodes((cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName, cst.NamedExpr)):
        if _owner(file, node) is function and node is not loop and any(
                name.value in bound_names(t) for t in _targets(node)):
            (inside if file.enclosing(node, cst.For) is loop or file.within(node, loop) else outside).append(node)
    start, read = file.line_of(loop), file.line_of(name)
    if len(outside) != 1 or not inside or not isinstance(outside[0], cst.Assign) or len(outside[0].targets) != 1 \
            or file.line_of(outside[0]) >= start or any(file.line_of(node) <= read for node in inside):
        return None
    first = outside[0].value if isinstance(outside[0].targets[0].target, cst.Name) \
        else unpacked_value(outside[0], name.value)
    if first is None:
        return None
    reads = [n for n in file.nodes(cst.Name) if n.value == name.value and _owner(file, n) is function
             and not _is_target(file, n) and not _is_attribute_name(file, n) and not _is_keyword(file, n)
             and not quiet(file, n)]
    if any(file.line_of(outside[0]) < file.line_of(n) < start for n in reads):
        return None
    return first


def _targets(node) -> list:
    if isinstance(node, cst.Assign):
        return [t.target for t in node.targets]
    if isinstance(node, cst.AsName):
        return [node.name]
    return [node.target]


def imported_from(workspace: Workspace, file: Source, name: str) -> Source | None:
    """The project file a `from X import name` in this file reads `name` from."""
    for node in file.nodes(cst.ImportFrom):
        if isinstance(node.names, cst.ImportStar) or node.module is None:
            continue
        if any(a.evaluated_alias is None and a.evaluated_name == name for a in node.names):
            dotted = file.code(node.module).replace(".", "/") + ".py"
            base = file.path.parent if node.relative else None
            for root in (base, file.path.parent, workspace.project):
                if root is not None and (root / dotted).exists():
                    return Source.parse(workspace, root / dotted)
    return None


def _global_reads(workspace: Workspace, file: Source, name: str) -> int:
    """Reads of a module-level name anywhere it can be seen: in its file (any function) and in
    the files that import it, or read it as `module.name`."""
    count = 0
    for other in project_sources(workspace):
        if other.path == file.path or imported_from(workspace, other, name) is not None:
            count += sum(1 for n in other.nodes(cst.Name) if n.value == name and _is_read(other, n)
                         and not quiet(other, n))
        count += sum(1 for a in other.nodes(cst.Attribute) if a.attr.value == name
                     and a.value is not None and isinstance(a.value, cst.Name)
                     and a.value.value == file.path.stem and not quiet(other, a))
    return count


def _attribute(workspace: Workspace, file: Source, node: cst.Attribute):
    """`obj.name`: the one place a project makes attribute `name` (a class field, `self.name =`,
    an argparse option) and reads it."""
    name = node.attr.value
    files = project_sources(workspace)
    made = []
    for f in files:
        for cls in f.nodes(cst.ClassDef):
            made += [(f, v, f"the default of {cls.name.value}.{name}") for v in _assigned_values(f, cls, name)]
        for attr in f.nodes(cst.Attribute):
            if attr.attr.value != name or not _is_target(f, attr):
                continue
            statement = f.parents[f.parents[attr]] if isinstance(f.parents.get(attr), cst.AssignTarget) \
                else f.parents[attr]
            single = isinstance(statement, cst.Assign) and len(statement.targets) == 1
            made.append((f, statement.value if single or isinstance(statement, cst.AnnAssign) else None,
                         f"{f.code(attr)}"))
        for call in f.nodes(cst.Call):
            option = argparse_default(f, call, name)
            if option is not None:
                made.append(option)
        made += property_returns(f, name)
    reads = [(f, a) for f in files for a in f.nodes(cst.Attribute)
             if a.attr.value == name and not _is_target(f, a) and not quiet(f, a)]
    if len(made) != 1 or made[0][1] is None or len(reads) != 1:
        return None
    return made[0]
