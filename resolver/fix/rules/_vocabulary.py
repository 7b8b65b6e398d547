"""A vocabulary's special tokens, which a count of its words leaves out.

A count of the words alone (`len(self.words)`) short of the special tokens gets them by name
(`named_extra`). And a vocabulary capped at the model's size before its special tokens are added:

`counts.most_common(vocab_size)` keeps `vocab_size` words, then `specials + words` adds the special
tokens in front: the vocabulary has `vocab_size + len(specials)` ids while the embedding was built
with `vocab_size` rows. The cap is where the count is made, so the cap makes room for the
specials (`most_common(vocab_size - len(specials))`), which holds for any vocabulary size; the
embedding, the config and every other reader of `vocab_size` stay right.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.fix.rules._source import Source, names_in, project_sources
from resolver.fix.rules._syntax import latest_binding, own_nodes
from resolver.write.edits import Edit, Workspace

CAPS = ("most_common",)
EXTRAS = ("SPECIAL", "RESERVED", "EXTRA")  # Counter.most_common(n): the n most frequent words


def capped_before_specials(workspace: Workspace, excess: int, why: str) -> Iterator[Edit]:
    """The cap of each vocabulary whose kept words are joined to a list of exactly `excess`
    special tokens (the ids past the embedding's rows)."""
    for source in project_sources(workspace):
        for call in source.nodes(cst.Call, _a_cap):
            function = source.function_of(call)
            kept = _kept_name(source, call, function)
            specials = kept and _specials_joined_to(source, function, kept, excess)
            if specials:
                cap = call.args[0].value
                code = source.module.code_for_node(cap)
                new = cst.parse_expression(f"{code} - len({specials})")
                reason = (f"Changed {source.code(call)} to keep {code} - len({specials}) words {why}: the "
                          f"vocabulary adds {specials} to the {code} words it keeps, so it had {excess} ids more "
                          f"than the {code} rows the model is built with")
                yield source.edit(source.replaced(cap, new), source.line_of(call), reason)
                return


def _a_cap(node: cst.Call) -> bool:
    return isinstance(node.func, cst.Attribute) and node.func.attr.value in CAPS and len(node.args) == 1 \
        and node.args[0].keyword is None and not isinstance(node.args[0].value, cst.Integer)


def _kept_name(source: Source, call: cst.Call, function: cst.FunctionDef | None) -> str | None:
    """The local name bound to the words the cap keeps (`kept = [w for w, c in counts.most_common(n)]`)."""
    if function is None:
        return None
    assign = source.enclosing(call, cst.Assign)
    if assign is None or len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
        return None
    return assign.targets[0].target.value


def _specials_joined_to(source: Source, function: cst.FunctionDef, kept: str, excess: int) -> str | None:
    """The code of the list added to `kept` (`specials + kept`, `kept + SPECIALS`,
    `RESERVED + tuple(kept)`) when it holds `excess` tokens."""
    for join in own_nodes(function, cst.BinaryOperation):
        if not isinstance(join.operator, cst.Add):
            continue
        sides = (join.left, join.right)
        others = [s for s in sides if kept not in names_in(s)]
        if len(others) != 1 or not isinstance(others[0], cst.Name):
            continue
        name = others[0].value
        found = latest_binding(source, function, name, source.line_of(join)) \
            or latest_binding(source, None, name, source.line_of(join))
        if found and found[1] == () and isinstance(found[0], (cst.List, cst.Tuple)) \
                and len(found[0].elements) == excess:
            return name
    return None


def named_extra(file: Source, missing: int, klass: cst.ClassDef | None) -> str | None:
    """The one list or tuple of special tokens with exactly `missing` entries, kept by the class
    (`self.specials = [PAD, UNK]`) or else the module (`SPECIALS = ["<pad>", "<unk>"]`): what a
    count of the words alone leaves out, named."""
    if missing <= 0:
        return None
    methods = own_nodes(klass, cst.FunctionDef) if klass is not None else []
    kept = [f"self.{target.attr.value}" for method in methods for assign in own_nodes(method, cst.Assign)
            for target in (t.target for t in assign.targets)
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self"
            and _special(target.attr.value, assign.value, missing)]
    if len(set(kept)) == 1:
        return kept[0]
    found = [small.targets[0].target.value for statement in file.module.body
             if isinstance(statement, cst.SimpleStatementLine) for small in statement.body
             if isinstance(small, cst.Assign) and len(small.targets) == 1
             and isinstance(small.targets[0].target, cst.Name)
             and _special(small.targets[0].target.value, small.value, missing)]
    return found[0] if len(found) == 1 else None


def _special(name: str, value: cst.BaseExpression, missing: int) -> bool:
    return any(word in name.upper() for word in EXTRAS) and isinstance(value, (cst.List, cst.Tuple)) \
        and len(value.elements) == missing
