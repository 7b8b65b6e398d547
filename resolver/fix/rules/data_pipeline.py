"""Data pipeline contracts, each fixed where the data is made or handed over:

| contract | symptom | edit |
|---|---|---|
| `pack_padded_sequence` gets lengths in decreasing order, or is told they are not | `` `lengths` array must be sorted in decreasing order when `enforce_sorted` is True `` | `enforce_sorted=False` on that call |
| what a spawn/forkserver worker receives can be pickled | `Can't pickle local object 'make_loader.<locals>.<lambda>'` (or `'build.<locals>.seed_worker'`) | where the function is made: a lambda that calls a module-level function with its argument first becomes `functools.partial(function, name=value)`; any other lambda (each one the function keeps or hands on, in a list or a Compose too) becomes a module-level function, and a nested function moves to module level; the locals they read become parameters bound with `partial(f, name=name)`. Nothing when binding a value is not what the closure means or would not pickle either: `nonlocal`, a name assigned again later, a local function, class or module |
| `__getitem__(len(self) - 1)` is a valid read | `index 240 is out of bounds for dimension 0 with size 240` raised in a Dataset's `__getitem__` at an index that is its index plus an offset (`i + self.w`, also through locals), in the container its `__len__` counts (also through locals: `z = (self.data - m) / s`) | `__len__` shortened by the overshoot (`n - w + 1` -> `n - w`) |

| the default collate gets no `None` sample | `` batch must contain tensors, ...; found <class 'NoneType'> `` where the Dataset's `__getitem__` has a `return None` of its own and the probe read a None for some of the dataset's samples, not all | a module-level `drop_none_samples` collate (the default one, on the samples that are not None) given to the loader that met it and to the loaders built beside it: the code already chose to skip those rows |
| a sample's parts are tensors, not Python lists of numbers | `'list' object has no attribute 'size'`, `must be Tensor, not list` after a batch was drawn, where the probe saw a list of numbers in the dataset's first sample | `torch.tensor(part)` where `__getitem__` returns that part (tuple position, dict key, or the whole sample) |
| a loop that numbers its batches draws from `enumerate` | `too many values to unpack (expected 2)` at `for i, (x, y) in loader:`; `not enough values to unpack (expected 3, got 2)` at `for i, x, y in enumerate(loader):` | `enumerate(loader)`; `i, (x, y)` |

Every other `None` sample (one from a `__getitem__` that falls off its end, or a None for every sample:
a branch for another split name) stops with the candidates named."""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst
from libcst.metadata import (
    Assignment,
    BuiltinScope,
    FunctionScope,
    GlobalScope,
    ScopeProvider,
)

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._collate import also_beside, loaders_beside, with_collate
from resolver.fix.rules._origin import last_name
from resolver.fix.rules._project import methods, replaced_all, sources_mentioning
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, keyword_arg, user_frames
from resolver.write.edits import Edit, Workspace

PACKERS = {"torch.nn.utils.rnn.pack_padded_sequence", "torch.nn.utils.rnn.pack_sequence"}
# `Can't pickle local object 'build.<locals>.<lambda>'`, `... <function Trainer.loader.<locals>.seed at 0x...>`
LOCAL_OBJECT = re.compile(r"local object '?<?(?:function )?([\w.<>]+)\.<locals>\.(<lambda>|\w+)")
# Calls that are done with a lambda when they return: it is never kept, so never pickled.
USED_AT_ONCE = {"sorted", "sort", "min", "max", "map", "filter", "reduce", "any", "all"}


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
              "started by spawn or forkserver receive it pickled, and pickle cannot find a lambda made inside a function")
    return source.edit(_rewritten(source, outer, replacements, functions), source.line_of(first), reason)


def _nested_function_lifted(source: Source, outer: cst.FunctionDef, name: str) -> Edit | None:
    """`def seed_worker(wid)` inside `outer`, reading `base_seed` -> a module-level
    `def seed_worker(wid, base_seed)`, each use `partial(seed_worker, base_seed=base_seed)`."""
    body = list(outer.body.body) if isinstance(outer.body, cst.IndentedBlock) else []
    nested = [s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    if len(nested) != 1 or nested[0].decorators or name in _module_names(source):
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
    inside = _descendants(node)
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
    for name in _descendants(outer.body):
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


def _module_names(source: Source) -> set[str]:
    scopes = source.wrapper.resolve(ScopeProvider)
    return {a.name for a in scopes[source.module].assignments}


def _descendants(node: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []

    class Collect(cst.CSTVisitor):
        def on_visit(self, child):
            found.append(child)
            return True

    node.visit(Collect())
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


DROP_NONE = '''def drop_none_samples(batch):
    """The default collate over the samples __getitem__ gave, without the ones it skipped (None)."""
    return {torch}.utils.data.default_collate([sample for sample in batch if sample is not None])
'''


def _none_skipped(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """A `__getitem__` that returns None for rows it cannot read says those rows are to be
    skipped; torch's default collate cannot skip, so the loaders get one that can."""
    loader = diagnosis.loader
    if loader is None or loader.site is None or loader.collate_fn is not None or loader.dataset_file is None \
            or not loader.none_samples or not 0 < loader.none_samples[0] < loader.none_samples[1]:
        return
    name = (loader.dataset_class or "").rsplit(".", 1)[-1]
    _, getitem = _getitem(workspace, loader)
    if getitem is None or not any(_returns_none(r) for r in _descendants(getitem.body)):
        return
    source = Source.parse(workspace, loader.site.file)
    call = source.call_at(loader.site) if source else None
    if call is None:
        return
    calls = loaders_beside(source, call)
    new_text = with_collate(source, calls, DROP_NONE.format(torch=source.torch))
    if new_text is None:
        return
    none, read = loader.none_samples
    also = also_beside(calls)
    reason = (f"Gave {source.code(call.func)}(...) a collate_fn that leaves out None samples{also}: "
              f"{name}.__getitem__ returns None for rows it skips ({none} of {read} samples read), and the "
              "default collate cannot batch None")
    yield source.edit(new_text, source.line_of(call), reason, uses_torch=True)


def _getitem(workspace: Workspace, loader) -> tuple[Source | None, cst.FunctionDef | None]:
    """The `__getitem__` of the loader's Dataset class, in the file that defines it."""
    if loader.dataset_file is None:
        return None, None
    source = Source.parse(workspace, loader.dataset_file)
    name = (loader.dataset_class or "").rsplit(".", 1)[-1]
    classes = source.nodes(cst.ClassDef, lambda c: c.name.value == name) if source else []
    return source, methods(classes[0]).get("__getitem__") if len(classes) == 1 else None


def _list_as_tensor(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """A sample part that is a Python list of numbers: the default collate makes it a list of
    per-position tensors, and the model gets a list. It becomes a tensor where `__getitem__`
    returns it."""
    loader = diagnosis.loader
    lists = [key for key, kind in loader.sample_kinds.items() if kind.startswith("list[")] if loader else []
    if not lists or loader.collate_fn is not None:
        return
    source, getitem = _getitem(workspace, loader)
    if getitem is None:
        return
    returns = [r for r in _descendants(getitem.body) if isinstance(r, cst.Return) and r.value is not None
               and source.enclosing(r, (cst.FunctionDef, cst.Lambda)) is getitem]
    replacements: dict[cst.CSTNode, cst.CSTNode] = {}
    for node in returns:
        for key in lists:
            part = _sample_part(node.value, key)
            if part is None:
                return
            replacements[part] = cst.parse_expression(f"{source.torch}.tensor({source.code(part)})")
    if not replacements:
        return
    first = next(iter(replacements))
    name = (loader.dataset_class or "").rsplit(".", 1)[-1]
    reason = (f"Made {name}.__getitem__ return {source.code(replacements[first])} instead of the list "
              f"{source.code(first)}: the default collate turns a list of numbers into a list of per-position "
              "tensors, not a batch tensor")
    yield source.edit(replaced_all(source.module, replacements), source.line_of(first), reason, uses_torch=True)


def _sample_part(value: cst.BaseExpression, key: str) -> cst.BaseExpression | None:
    """The expression for one part of a returned sample: `key` "1" of a tuple, "x" of a dict
    literal, "*" the whole value."""
    if key == "*":
        return value
    if isinstance(value, (cst.Tuple, cst.List)) and key.isdigit() and int(key) < len(value.elements):
        element = value.elements[int(key)]
        return element.value if isinstance(element, cst.Element) else None
    if isinstance(value, cst.Dict):
        for element in value.elements:
            if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString) \
                    and element.key.evaluated_value == key:
                return element.value
    return None


def _loop_numbering(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """`for i, (x, y) in loader:` unpacks a batch into an index and a pair: the index comes from
    `enumerate`. `for i, x, y in enumerate(loader):` unpacks the (index, batch) pair into three."""
    for frame, source in user_frames(diagnosis, workspace):
        loop = source.statement_at(frame.line)
        if not isinstance(loop, cst.For) or not isinstance(loop.target, (cst.Tuple, cst.List)):
            continue
        parts = loop.target.elements
        numbered = isinstance(loop.iter, cst.Call) and last_name(loop.iter.func) == "enumerate"
        if not numbered and len(parts) == 2 and isinstance(parts[0].value, cst.Name) \
                and isinstance(parts[1].value, (cst.Tuple, cst.List)):
            new = loop.with_changes(iter=cst.parse_expression(f"enumerate({source.code(loop.iter)})"))
            reason = (f"Drew {source.code(loop.iter)} through enumerate: the loop takes a batch number and a batch "
                      f"({source.code(loop.target)}), and the loader gives batches alone")
        elif numbered and len(parts) >= 3 and all(isinstance(p.value, cst.Name) for p in parts):
            inner = ", ".join(source.code(p.value) for p in parts[1:])
            target = cst.parse_expression(f"{source.code(parts[0].value)}, ({inner})")
            new = loop.with_changes(target=target)
            reason = (f"Unpacked {source.code(loop.iter)} as {source.code(target)}: enumerate gives a batch number "
                      "and the batch, which holds the rest")
        else:
            continue
        yield source.edit(source.replaced(loop, new), frame.line, reason)
        return


def _returns_none(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Return) and (node.value is None or isinstance(node.value, cst.Name) and node.value.value == "None")


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
            key = subscript.slice[axis if len(subscript.slice) > 1 else 0].slice if axis < len(subscript.slice) else None
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
    named = "".join(f" - {code}" if sign > 0 else f" + {code}" for sign, code in terms if not code.lstrip("-").isdigit())
    constant = -sum(sign * int(code) for sign, code in terms if code.lstrip("-").isdigit())
    return base + named + (f" + {constant}" if constant > 0 else f" - {-constant}" if constant < 0 else "")


def _terms(source: Source, function: cst.FunctionDef, node: cst.BaseExpression, index: str | None,
           sign: int = 1, seen: frozenset = frozenset()) -> list[tuple[int, str]] | None:
    """The signed terms of a sum (through the function's one-value locals), as code; the index
    itself is left out and must be there once, added (when `index` is given)."""
    found: list[tuple[int, str]] = []
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Subtract)):
        left = _terms(source, function, node.left, None, sign, seen)
        right = _terms(source, function, node.right, None, -sign if isinstance(node.operator, cst.Subtract) else sign, seen)
        if left is None or right is None:
            return None
        found = left + right
    elif isinstance(node, cst.Name) and node.value not in seen and len(values := _local_values(function, node.value)) == 1:
        inner = _terms(source, function, values[0], None, sign, seen | {node.value})
        if inner is None:
            return None
        found = inner
    elif isinstance(node, cst.Integer):
        found = [(sign, node.value)]
    else:
        found = [(sign, source.code(node.with_changes(lpar=[], rpar=[])) if hasattr(node, "lpar") else source.code(node))]
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
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add) and isinstance(value.right, cst.Integer):
        count, plus = value.left, value.right
    if not (isinstance(count, cst.BinaryOperation) and isinstance(count.operator, cst.FloorDivide)
            and source.code(count.right.with_changes(lpar=[], rpar=[])) == stride) or count.lpar:
        return None
    span = count.left.with_changes(lpar=[], rpar=[])
    shorter = _shortened(source, span, by).with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return value.with_changes(left=count.with_changes(left=shorter)) if plus is not None else count.with_changes(left=shorter)


def _names_callable_or_module(source: Source, name: cst.Name) -> bool:
    """`len` in `len(x)`, `np` in `np.asarray(x)`: not data."""
    parent = source.parents.get(name)
    return isinstance(parent, cst.Call) and parent.func is name or isinstance(parent, cst.Attribute) and parent.value is name


def _local_values(function: cst.FunctionDef, name: str) -> list[cst.BaseExpression]:
    """What `name = ...` statements in the function assign to the name."""
    return [node.value for node in _descendants(function.body)
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
                and isinstance(other := node.right if _names(node.left, index) else node.left, (cst.Name, cst.Attribute, cst.Integer)):
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
    module_names = _module_names(source)
    found, todo, seen = set(), [value], set()
    while todo:
        for node in _descendants(todo.pop()):
            if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
                found.add(source.code(node))
            elif isinstance(node, cst.Name) and node.value not in seen and not _names_callable_or_module(source, node):
                seen.add(node.value)
                values = _local_values(function, node.value)
                todo += values
                if not values and node.value in module_names:
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


class DataPipeline(Rule):
    categories = ("data.unsorted_lengths", "data.unpicklable_worker_fn", "data.index_past_end", "data.none_sample",
                  "data.list_sample", "data.loop_unpack")

    def matches(self, diagnosis: Diagnosis) -> bool:
        if diagnosis.category == "data.index_past_end":  # only a read in a Dataset's __getitem__
            return any(f.user and f.function == "__getitem__" for f in diagnosis.frames)
        return super().matches(diagnosis)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from {
            "data.unsorted_lengths": _unsorted_lengths,
            "data.unpicklable_worker_fn": _picklable_local,
            "data.index_past_end": _len_overshoot,
            "data.none_sample": _none_skipped,
            "data.list_sample": _list_as_tensor,
            "data.loop_unpack": _loop_numbering,
        }[diagnosis.category](diagnosis, workspace)
