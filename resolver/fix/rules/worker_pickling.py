"""## What it does
Makes a function handed to spawn/forkserver DataLoader workers module-level, where it is made:
a lambda that calls a module-level function with its argument first becomes
`functools.partial(function, name=value)`; any other lambda (each one the function keeps or
hands on, in a list or a Compose too) becomes a module-level function, and a nested function
moves to module level; the locals they read become parameters bound with
`partial(f, name=name)`.

## Why is this bad?
`Can't pickle local object 'make_loader.<locals>.<lambda>'`: a worker receives what its loader
holds pickled, and pickle finds a function by its module-level name, which a lambda or a nested
function has not. Nothing is proposed when binding a value is not what the closure means or
would not pickle either: `nonlocal`, a name assigned again later, a local function, class or
module.

## Example
```python
def make_loader(data, scale):
    return DataLoader(data, collate_fn=lambda b: collate(b, scale), num_workers=2)
```

Use instead:
```python
def make_loader(data, scale):
    return DataLoader(data, collate_fn=partial(collate, scale=scale), num_workers=2)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst
from libcst.metadata import Assignment, BuiltinScope, FunctionScope, GlobalScope, ScopeProvider

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._dataset import descendants, module_names
from resolver.fix.rules._project import sources_mentioning
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, keyword_arg
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Edit, Workspace

# `Can't pickle local object 'build.<locals>.<lambda>'`, `... <function Trainer.loader.<locals>.seed at 0x...>`
LOCAL_OBJECT = re.compile(r"local object '?<?(?:function )?([\w.<>]+)\.<locals>\.(<lambda>|\w+)")

# Calls that are done with a lambda when they return: it is never kept, so never pickled.
USED_AT_ONCE = {"sorted", "sort", "min", "max", "map", "filter", "reduce", "any", "all"}


def _picklable_local(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """A worker started by spawn or forkserver receives what its loader holds pickled, and pickle
    finds a function by its module-level name: a lambda or a function defined inside another
    function has none. It is made module-level where it is made, the values it reads from the
    function around it handed over as bound arguments (`functools.partial`)."""
    match = LOCAL_OBJECT.search(diagnosis.message)
    if not match:
        return
    outer_qualname, local = match[1], match[2]
    outer_name = outer_qualname.rsplit(".", 1)[-1]
    for source in sources_mentioning(workspace, rf"\bdef\s+{re.escape(outer_name)}\b"):
        for outer in source.nodes(cst.FunctionDef, lambda f: f.name.value == outer_name):
            if _qualname(source, outer) != outer_qualname:
                continue
            if local == "<lambda>":
                edit = _lambdas_lifted(source, outer, workspace)
            else:
                edit = _nested_function_lifted(source, outer, local)
            if edit is not None:
                yield edit


def _lambdas_lifted(source: Source, outer: cst.FunctionDef, workspace: Workspace) -> Edit | None:
    """Every lambda `outer` makes that outlives the call making it: pickling stops at the first,
    so lifting one at a time would leave the same error. One that cannot be lifted: no edit."""
    lambdas = [n for n in source.nodes(cst.Lambda)
               if source.enclosing(n, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) is outer and _escapes(source, n)]
    if not lambdas:
        return None
    taken = {n.value for n in source.nodes(cst.Name)}
    replacements: dict[cst.CSTNode, cst.CSTNode] = {}
    functions: list[cst.FunctionDef] = []
    for node in lambdas:
        closure = _closure(source, node, source.line_of(node))
        if closure is None:
            return None
        partial = _as_partial(node, source, workspace)
        if partial is None:
            name = _unused(_lambda_name(source, node, outer), taken)
            body = cst.IndentedBlock([cst.SimpleStatementLine([cst.Return(node.body)])])
            functions.append(cst.FunctionDef(cst.Name(name), _with_parameters(node.params, closure), body))
            partial = _bound(name, closure)
        replacements[node] = cst.parse_expression(partial)
    first = lambdas[0]
    more = f" (and {len(lambdas) - 1} more lambdas)" if len(lambdas) > 1 else ""
    reason = (f"Replaced {source.code(first)} with {source.code(replacements[first])}{more}: worker processes "
              "started by spawn or forkserver receive it pickled, and pickle cannot find a lambda made inside a "
              "function")
    return source.edit(_rewritten(source, outer, replacements, functions), source.line_of(first), reason)


def _nested_function_lifted(source: Source, outer: cst.FunctionDef, name: str) -> Edit | None:
    """`def seed_worker(wid)` inside `outer`, reading `base_seed` -> a module-level
    `def seed_worker(wid, base_seed)`, each use `partial(seed_worker, base_seed=base_seed)`."""
    body = list(outer.body.body) if isinstance(outer.body, cst.IndentedBlock) else []
    nested = [s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    if len(nested) != 1 or nested[0].decorators or name in module_names(source):
        return None  # a decorator runs where it is; a module-level name of its own would be shadowed
    node = nested[0]
    uses = _uses(source, outer, node)
    closure = _closure(source, node, min(source.line_of(u) for u in uses)) if uses else None
    if closure is None:
        return None
    replacements: dict[cst.CSTNode, object] = {node: cst.RemovalSentinel.REMOVE}
    for use in uses:
        call = source.parents.get(use)
        if isinstance(call, cst.Call) and call.func is use:  # called in place: the values go in as keywords
            replacements[call] = call.with_changes(args=[*call.args, *(keyword_arg(v, v) for v in closure)])
        elif closure:
            replacements[use] = cst.parse_expression(_bound(name, closure))
    at = body.index(node)
    if at == 0 and len(body) > 1:  # the statement after it opens the body now: no blank line first
        replacements[body[1]] = _OPENS_BODY
    moved = node.with_changes(params=_with_parameters(node.params, closure),
                              leading_lines=[line for line in node.leading_lines if line.comment])
    bound = f", bound with partial(..., {', '.join(f'{v}={v}' for v in closure)})" if closure else ""
    reason = (f"Moved {name} out of {outer.name.value} to module level{bound}: worker processes started by spawn "
              "or forkserver receive it pickled, and pickle cannot find a function defined inside another")
    return source.edit(_rewritten(source, outer, replacements, [moved]), source.line_of(node), reason)


_OPENS_BODY = object()  # a replacement marker: the statement keeps its comments, not its blank lines


def _rewritten(source: Source, outer: cst.FunctionDef, replacements: dict, functions: list[cst.FunctionDef]) -> str:
    """The file with `replacements` made and `functions` put at module level just before the
    top-level statement that holds `outer` (whose comments stay with it)."""
    top = outer
    while source.parents.get(top) is not source.module:
        top = source.parents[top]

    class Rewrite(cst.CSTTransformer):
        def on_leave(self, original, updated):
            if original is source.module:
                return self.with_functions(original, updated)
            new = replacements.get(original, updated)
            if new is _OPENS_BODY:
                return updated.with_changes(leading_lines=[line for line in updated.leading_lines if line.comment])
            return new

        def with_functions(self, original, updated):
            body = list(updated.body)
            at = list(original.body).index(top)
            blank = [cst.EmptyLine(), cst.EmptyLine()]
            placed = [f.with_changes(leading_lines=[*(blank if at or i else []), *f.leading_lines])
                      for i, f in enumerate(functions)]
            if at == 0:
                body[0] = body[0].with_changes(leading_lines=[*blank, *body[0].leading_lines])
            return updated.with_changes(body=[*body[:at], *placed, *body[at:]])

    text = source.module.visit(Rewrite()).code
    return _with_partial_import(text) if _bound_any(replacements) else text


def _qualname(source: Source, function: cst.FunctionDef) -> str:
    """`Trainer.loader.<locals>.build`, as Python names the function."""
    parts, node = [function.name.value], function
    while (node := source.enclosing(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda))) is not None:
        if isinstance(node, cst.Lambda):
            return ""
        parts.append(node.name.value + (".<locals>" if isinstance(node, cst.FunctionDef) else ""))
    return ".".join(reversed(parts))


def _escapes(source: Source, node: cst.Lambda) -> bool:
    """Whether the lambda can outlive the call that makes it (stored, passed on, returned)."""
    parent = source.parents.get(node)
    if isinstance(parent, cst.Arg):
        call = source.parents.get(parent)
        if parent.keyword is not None and parent.keyword.value == "key":
            return False
        if isinstance(call, cst.Call) and last_name(call.func) in USED_AT_ONCE:
            return False
    return True


def _closure(source: Source, node: cst.CSTNode, made_at: int) -> list[str] | None:
    """The names `node` (a lambda or nested function) reads from the functions around it, in the
    order it reads them. None when binding their values at line `made_at` would not mean what the
    closure means, or would not pickle either: a name the closure rebinds (`nonlocal`), one
    assigned again after `made_at` (the closure sees the later value), a local function, class,
    lambda or imported module, a comprehension's variable."""
    inside = descendants(node)
    if any(isinstance(n, (cst.Nonlocal, cst.Global)) for n in inside):
        return None
    scopes = source.wrapper.resolve(ScopeProvider)
    names: list[str] = []
    for name in (n for n in inside if isinstance(n, cst.Name)):
        scope = scopes.get(name)
        if scope is None or name not in scope.accesses:
            continue
        for assignment in (r for a in scope.accesses[name] for r in a.referents):
            if isinstance(assignment.scope, (GlobalScope, BuiltinScope)) or not isinstance(assignment, Assignment) \
                    or _at_or_within(source, assignment.node, node):
                continue
            if not isinstance(assignment.scope, FunctionScope) or not _at_or_within(source, name, node.body) \
                    or not _bindable(source, assignment.node, made_at):
                return None  # (a default or annotation is read where the function is defined)
            if name.value not in names:
                names.append(name.value)
    return names


def _bindable(source: Source, target: cst.CSTNode, made_at: int) -> bool:
    if isinstance(target, cst.Param):
        return True
    if isinstance(target, (cst.FunctionDef, cst.ClassDef, cst.Import, cst.ImportFrom)) \
            or target not in source.positions or source.line_of(target) >= made_at:
        return False
    statement = source.enclosing(target, (cst.Assign, cst.AnnAssign))
    return not (statement is not None and isinstance(statement.value, cst.Lambda))


def _uses(source: Source, outer: cst.FunctionDef, function: cst.FunctionDef) -> list[cst.Name]:
    """Where `outer` reads the nested function's name."""
    scopes = source.wrapper.resolve(ScopeProvider)
    found = []
    for name in descendants(outer.body):
        if not isinstance(name, cst.Name) or name.value != function.name.value or _at_or_within(source, name, function):
            continue
        scope = scopes.get(name)
        if scope is not None and name in scope.accesses \
                and any(r.node is function for a in scope.accesses[name] for r in a.referents):
            found.append(name)
    return found


def _with_parameters(params: cst.Parameters, names: list[str]) -> cst.Parameters:
    """The closure's names as parameters after the function's own: keyword-only where a default,
    `*args` or a keyword-only parameter comes before them."""
    extra = [cst.Param(cst.Name(n)) for n in names]
    if not extra:
        return params
    if isinstance(params.star_arg, (cst.Param, cst.ParamStar)) or params.kwonly_params \
            or any(p.default is not None for p in params.params):
        star = params.star_arg if isinstance(params.star_arg, (cst.Param, cst.ParamStar)) else cst.ParamStar()
        return params.with_changes(star_arg=star, kwonly_params=[*params.kwonly_params, *extra])
    return params.with_changes(params=[*params.params, *extra])


def _bound_any(replacements: dict) -> bool:
    return any(isinstance(new, cst.Call) and isinstance(new.func, cst.Name) and new.func.value == "partial"
               for new in replacements.values())


def _bound(function: str, closure: list[str]) -> str:
    return f"partial({', '.join([function, *(f'{v}={v}' for v in closure)])})" if closure else function


def _lambda_name(source: Source, node: cst.Lambda, outer: cst.FunctionDef) -> str:
    """What the code calls the lambda: the keyword or name it is given to, else its maker's name."""
    parent = source.parents.get(node)
    if isinstance(parent, cst.Arg) and parent.keyword is not None:
        return f"_{parent.keyword.value}"
    if isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name):
        return f"_{parent.targets[0].target.value}"
    return f"_{outer.name.value.strip('_')}_lambda"


def _unused(name: str, taken: set[str]) -> str:
    found, n = name, 2
    while found in taken:
        found, n = f"{name}{n}", n + 1
    taken.add(found)
    return found


def _at_or_within(source: Source, inner: cst.CSTNode, outer: cst.CSTNode) -> bool:
    """`inner` is `outer` or inside it."""
    return inner is outer or source.within(inner, outer)


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


class WorkerPickling(Rule):
    categories = ("data.unpicklable_worker_fn",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _picklable_local(diagnosis, workspace)
