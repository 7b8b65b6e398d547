"""Change one constructor argument of a module the probe saw being built (in_features,
in_channels, num_embeddings...) so that it comes out as the value the data needs, keeping the
author's names where an expression of them gives that value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Module, Site
from resolver.fix.retarget import Rewrite, evaluate, has_names, rewrites
from resolver.fix.rules._source import Source, argument, names_in
from resolver.fix.rules._syntax import loop_targets
from resolver.write.edits import Edit, Workspace


@dataclass(frozen=True)
class ArgumentSource:
    """Where the value of one constructor argument is written in the user's source."""

    source: Source
    call: cst.Call
    arg: cst.Arg
    scope: dict[str, int]
    shared: bool  # the same text builds differently configured modules: a change hits them all

    def rewrite(self, new_value: str) -> tuple[str, str]:
        """(new file text, new call's code) with the argument's value replaced by the expression."""
        new_call = self.call.deep_replace(self.arg, self.arg.with_changes(value=cst.parse_expression(new_value)))
        return self.source.replaced(self.call, new_call), self.source.code(new_call)


def _calls_one_of(source: Source, call: cst.Call, constructors: set[str]) -> bool:
    """Whether the callee is one of the qualified `constructors`. The probe saw this very call
    build such a module, so where imports can't be followed the last name is enough."""
    if source.calls(call, constructors):
        return True
    func = call.func
    last = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", None)
    return last in {n.rsplit(".", 1)[-1] for n in constructors} or _keyword_partial(source, func, constructors)


def _keyword_partial(source: Source, func: cst.BaseExpression, constructors: set[str]) -> bool:
    """`Norm = partial(nn.BatchNorm1d, momentum=0.05)` then `Norm(ch)`: the arguments keep their
    positions, since the partial binds keywords only."""
    if not isinstance(func, cst.Name):
        return False
    bound = [a.value for a in source.nodes(cst.Assign) if source.enclosing(a, cst.FunctionDef) is None
             and len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name)
             and a.targets[0].target.value == func.value]
    if len(bound) != 1 or not isinstance(bound[0], cst.Call) \
            or source.code(bound[0].func).rsplit(".", 1)[-1] != "partial":
        return False
    args = bound[0].args
    return (bool(args) and args[0].keyword is None and all(a.keyword is not None for a in args[1:])
            and isinstance(args[0].value, (cst.Name, cst.Attribute))
            and source.code(args[0].value).rsplit(".", 1)[-1] in {n.rsplit(".", 1)[-1] for n in constructors})


def retarget_argument(workspace: Workspace, site: Site, constructors: set[str], index: int, keyword: str,
                      declared: int, needed: int) -> Iterator[tuple[ArgumentSource, Rewrite]]:
    """Ways to make a constructor argument (`keyword`, or positional `index`) come out as
    `needed` instead of `declared`, safest first: a rewrite at the construction site that keeps
    its names; then, when the value is a bare parameter of the helper or class the module is
    built in, the caller's argument; last, a literal at the construction site. An expression
    that builds differently configured modules (a loop, a helper called with other sizes) is
    only changed through its caller."""
    here = argument_at(workspace, site, constructors, index, keyword)
    if here is None:
        return
    caller = None
    if isinstance(here.arg.value, cst.Name) and site.callers:
        caller = _caller_argument(workspace, site, here.source, here.arg.value.value)
    local = _rewrites(here, declared, needed)
    yield from ((here, r) for r in local if r.kept_names)
    if caller is not None:
        yield from ((caller, r) for r in _rewrites(caller, declared, needed))
    # a literal only for a literal: one written over the author's names would hold for today's
    # settings alone (the names say where the number comes from); nothing is better, or the LLM
    if not has_names(here.source.module.code_for_node(here.arg.value)):
        yield from ((here, r) for r in local if not r.kept_names)


def _rewrites(found: ArgumentSource, declared: int, needed: int) -> list[Rewrite]:
    if found.shared:
        return _sibling_name(found, declared, needed)
    code = found.source.module.code_for_node(found.arg.value)
    names_known = evaluate(code, found.scope) == declared
    return rewrites(code, found.scope if names_known else {}, needed, related=False)


def _sibling_name(found: ArgumentSource, declared: int, needed: int) -> list[Rewrite]:
    """A line that builds differently sized modules, given the wrong one of its names
    (`BatchNorm1d(in_ch)` after `Conv1d(in_ch, out_ch)`): the one other name of that scope
    holding the number. Every size the line builds is checked by the verifying run."""
    value = found.arg.value
    if not isinstance(value, cst.Name) or found.scope.get(value.value) != declared \
            or value.value in loop_targets(found.source.parents, found.call):
        return []  # a loop's own variable is what makes the sizes differ: no one other name stands for it
    siblings = [name for name, number in found.scope.items() if number == needed and name != value.value
                and type(number) is int]
    return [Rewrite(siblings[0], True)] if len(siblings) == 1 else []


def argument_at(workspace, site: Site, constructors: set[str], index: int, keyword: str) -> ArgumentSource | None:
    """Where the constructor call the probe saw at `site` writes argument `keyword` (or position
    `index`), when that call builds one of `constructors`."""
    source = Source.parse(workspace, site.file)
    call = source and source.call_at(site)
    if call is None or not _calls_one_of(source, call, constructors):
        return None
    arg = argument(call, index, keyword)
    return ArgumentSource(source, call, arg, site.scope, site.variants > 1) if arg is not None else None


def _caller_argument(workspace, site: Site, source: Source, parameter: str) -> ArgumentSource | None:
    caller = site.callers[0]
    statement = source.statement_at(site.line)
    function = statement and (statement if isinstance(statement, cst.FunctionDef) else source.function_of(statement))
    while function is not None and function.name.value != site.function:
        function = source.function_of(function)
    caller_source = Source.parse(workspace, caller.file)
    if function is None or caller_source is None:
        return None
    params = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    keyword_only = [p.name.value for p in function.params.kwonly_params]
    if parameter not in params and parameter not in keyword_only:
        return None
    call = caller_source.call_at(caller)
    if call is None:
        return None
    callee = call.func
    callee_name = callee.attr.value if isinstance(callee, cst.Attribute) else getattr(callee, "value", "")
    if site.function != "__init__" and callee_name != site.function:
        return None
    if parameter in params:
        index = params.index(parameter) - (1 if params and params[0] in ("self", "cls") else 0)
        arg = argument(call, index, parameter) if index >= 0 else None
    else:
        arg = argument(call, 10**6, parameter)
    if arg is None:
        return None
    return ArgumentSource(caller_source, call, arg, caller.scope, caller.variants > 1)


def fix_argument(workspace: Workspace, layer: Module, constructors: set[str], index: int, keyword: str,
                 needed: int, why: str) -> Iterator[Edit]:
    """Edits that make `layer`'s constructor argument `keyword` come out as `needed`."""
    declared = layer.attributes[keyword]
    for found, rewrite in retarget_argument(workspace, layer.site, constructors, index, keyword, declared, needed):
        if not rewrite.kept_names and names_in(found.arg.value):
            continue  # `len(EN.vocab)` -> `55`: a count made elsewhere, solved from one run, is not a fix
        new_text, new_call = found.rewrite(rewrite.code)
        reason = f"Changed {found.source.code(found.call)} to {new_call} {why}"
        if not rewrite.kept_names:
            reason += (f"; no expression of `{found.source.code(found.arg.value)}` gives {needed}, "
                       "so the literal was written")
        yield found.source.edit(new_text, found.source.line_of(found.call), reason)
