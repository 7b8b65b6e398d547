"""An nn.Sequential that holds layers which are not a chain, held in an nn.ModuleList instead:
its construction rewritten where the probe saw it built, and the one call of it in a forward."""

from __future__ import annotations

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import nn_spelling, replaced_all
from resolver.fix.rules._source import Source, project_sources, user_frames
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Change, Edit, Workspace

SEQUENTIAL = {"torch.nn.Sequential", "torch.nn.modules.container.Sequential"}


def sequential_built(workspace: Workspace, module) -> tuple[Source, cst.Call] | None:
    """The `nn.Sequential(...)` call that built this module, in the project, when nothing else
    is built by it: a helper that returns it (`def stack(*layers)`) is called once in the project."""
    if module is None or module.class_name != "Sequential" or module.site is None:
        return None
    source = Source.parse(workspace, module.site.file)
    call = source and source.call_at(module.site)
    if call is None or not source.calls(call, SEQUENTIAL):
        return None
    helper = source.function_of(call)
    if helper is not None and helper.name.value != "__init__" and _calls_of(workspace, helper.name.value) != 1:
        return None  # a shared factory: its other modules would become ModuleLists too
    return source, call


def _calls_of(workspace: Workspace, name: str) -> int:
    """How many calls in the project name the function `name` (`name(...)`, `obj.name(...)`)."""
    return sum(len(s.nodes(cst.Call, lambda c: last_name(c.func) == name)) for s in project_sources(workspace))


def as_module_list(source: Source, call: cst.Call) -> cst.Call | None:
    """`nn.Sequential(a, b)` as `nn.ModuleList([a, b])` (the items' lines kept), `nn.Sequential()`
    as `nn.ModuleList()`, `nn.Sequential(*layers)` as `nn.ModuleList(layers)`; None for a named
    form (an OrderedDict, keywords), whose order a ModuleList would not keep as written."""
    func = call.func.with_changes(attr=cst.Name("ModuleList")) if isinstance(call.func, cst.Attribute) \
        else cst.parse_expression(f"{nn_spelling(source)}.ModuleList")
    args = list(call.args)
    if not args:
        return call.with_changes(func=func)
    if any(a.keyword is not None for a in args):
        return None
    if len(args) == 1 and args[0].star == "*":
        return call.with_changes(func=func, args=[args[0].with_changes(star="")])
    if any(a.star for a in args) or len(args) == 1 and isinstance(args[0].value, cst.Call) \
            and source.code(args[0].value.func).endswith("OrderedDict"):
        return None
    elements = [cst.Element(a.value, comma=a.comma) for a in args]
    items = cst.List(elements, lbracket=cst.LeftSquareBracket(whitespace_after=call.whitespace_before_args),
                     rbracket=cst.RightSquareBracket(whitespace_before=args[-1].whitespace_after_arg))
    return call.with_changes(func=func, whitespace_before_args=cst.SimpleWhitespace(""), args=[cst.Arg(items)])


def called_once(diagnosis: Diagnosis, workspace: Workspace, given: int) -> tuple[Source, cst.Call] | None:
    """The call in the innermost user frame that handed the Sequential its inputs: `self.layers(x, adj)`
    with `given` positional arguments, the only call of that attribute in its file (a ModuleList
    cannot be called, so no other caller may be left)."""
    for frame, source in user_frames(diagnosis, workspace):
        calls = [c for c in source.on_line(cst.Call, frame.line) if isinstance(c.func, cst.Attribute)
                 and len(c.args) == given and not any(a.star or a.keyword for a in c.args)]
        if len(calls) != 1:
            return None
        name = calls[0].func.attr.value
        callers = source.nodes(cst.Call, lambda c: isinstance(c.func, cst.Attribute) and c.func.attr.value == name)
        return (source, calls[0]) if len(callers) == 1 else None
    return None


def free_name(source: Source, scope: cst.CSTNode, *choices: str) -> str | None:
    """The first of the names that the scope does not use."""
    used = {n.value for n in source.nodes(cst.Name, lambda n: source.within(n, scope))}
    return next((c for c in choices if c not in used), None)


def held_in_list(home: Source, construction: cst.Call, new_construction: cst.Call, source: Source,
                 old: cst.CSTNode, new: cst.CSTNode | cst.FlattenSentinel, reason: str,
                 uses_torch: bool = False) -> Edit:
    """One edit: the Sequential built as a ModuleList in its file, and the node where it is called
    replaced in the caller's (the same file or another); the caller's file first."""
    texts = {home.path: home.replaced(construction, new_construction)}
    if source.path == home.path:
        texts[home.path] = replaced_all(home.module, {construction: new_construction, old: new})
    else:
        texts[source.path] = source.replaced(old, new)
    if uses_torch:  # the new code names torch: the caller's file gets the import it lacks
        texts[source.path] = source.edit(texts[source.path], 1, "", uses_torch=True).changes[0].after
    changes = sorted((Change(path, (home if path == home.path else source).text, text) for path, text in texts.items()),
                     key=lambda c: c.file != source.path)
    return Edit(tuple(changes), source.line_of(old), reason)
