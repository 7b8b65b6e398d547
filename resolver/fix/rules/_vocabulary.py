"""A vocabulary's special tokens, which a count of its words leaves out.

A count of the words alone (`len(self.words)`) short of the special tokens gets them by name
(`named_extra`). And a vocabulary capped at the model's size before its special tokens are added:

`counts.most_common(vocab_size)` keeps `vocab_size` words, then `specials + words` adds the special
tokens in front: the vocabulary has `vocab_size + len(specials)` ids while the embedding was built
with `vocab_size` rows. The cap is where the count is made, so the cap makes room for the
specials (`most_common(vocab_size - len(specials))`), which holds for any vocabulary size; the
embedding, the config and every other reader of `vocab_size` stay right.

An encoder whose codes start past reserved ids (`{v: i + 1 for i, v in enumerate(values)}`,
`enumerate(words, start=2)`: 0 kept for unseen values, or padding) while its count is the number
of entries (`return len(self.vocab)`) hands out ids up to the count + the offset - 1: the count is
short by the offset where it is made (`reserved_codes_uncounted`), and gets `+ offset` there, so
every reader of the count (the table, an embedding width derived from it) gets it right.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.fix.rules._dataset import module_names
from resolver.fix.rules._source import Source, names_in, project_sources
from resolver.fix.rules._syntax import last_name, latest_binding, own_nodes
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


def reserved_codes_uncounted(workspace: Workspace, excess: int, why: str) -> Iterator[Edit]:
    """The one count in the project of a mapping whose codes start `excess` past 0, read outside
    its class: its return gets the reserved ids (`len(self.vocab) + 1`)."""
    sources = project_sources(workspace)
    found = []
    for source in sources:
        for klass in source.nodes(cst.ClassDef):
            offsets = _code_offsets(klass)
            for method in own_nodes(klass, cst.FunctionDef):
                counted = _counted(method)
                if counted is not None and offsets.get(counted[1]) == excess \
                        and _read_outside(sources, klass, method.name.value):
                    found.append((source, klass, method, counted[0]))
    if len(found) != 1:
        return  # none, or several encoders that could be the one: not this rule's guess
    source, klass, method, count = found[0]
    code = source.module.code_for_node(count)
    new = cst.parse_expression(f"{code} + {excess}")
    reason = (f"Changed {klass.name.value}.{method.name.value} ({source.path.name}) from {code} to {code} + {excess} "
              f"{why}: its codes start at {excess} (the ids below are reserved: unseen values, padding), so its "
              f"largest id is its number of entries + {excess} - 1")
    yield source.edit(source.replaced(count, new), source.line_of(count), reason)


def count_offset(source: Source, node: cst.BaseExpression) -> int | None:
    """The first code of the mapping that `node` counts, when it is `len(self.x)` in a class whose
    mapping `x` starts past reserved ids: how many ids beyond its entries that encoder hands out."""
    method, klass = source.function_of(node), source.enclosing(node, cst.ClassDef)
    counted = _counted(method) if method is not None and klass is not None else None
    return _code_offsets(klass).get(counted[1]) if counted is not None and counted[0] is node else None


def _code_offsets(klass: cst.ClassDef) -> dict[str, int]:
    """`self.vocab = {v: i + 1 for i, v in enumerate(...)}` -> {"vocab": 1}; so for
    `{w: i for i, w in enumerate(words, start=2)}` -> 2: the first code each mapping hands out."""
    found = {}
    for method in own_nodes(klass, cst.FunctionDef):
        for assign in own_nodes(method, cst.Assign):
            target = assign.targets[0].target if len(assign.targets) == 1 else None
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
                    and target.value.value == "self" and isinstance(assign.value, cst.DictComp):
                offset = _first_code(assign.value)
                if offset:
                    found[target.attr.value] = offset
    return found


def _first_code(comprehension: cst.DictComp) -> int | None:
    loop = comprehension.for_in
    iterated = loop.iter
    if loop.inner_for_in is not None or not isinstance(iterated, cst.Call) or last_name(iterated.func) != "enumerate":
        return None
    if not (isinstance(loop.target, cst.Tuple) and loop.target.elements
            and isinstance(loop.target.elements[0].value, cst.Name)):
        return None
    index, value = loop.target.elements[0].value.value, comprehension.value
    start = next((a.value for a in iterated.args[1:] if a.keyword is None or a.keyword.value == "start"), None)
    if isinstance(value, cst.Name) and value.value == index:
        return int(start.value) if isinstance(start, cst.Integer) else None
    if start is None and isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
        sides = (value.left, value.right)
        names = [s for s in sides if isinstance(s, cst.Name) and s.value == index]
        numbers = [s for s in sides if isinstance(s, cst.Integer)]
        if names and numbers:
            return int(numbers[0].value)
    return None


def _counted(method: cst.FunctionDef) -> tuple[cst.BaseExpression, str] | None:
    """(the returned count, the attribute counted) of a method that only returns `len(self.x)`."""
    returns = own_nodes(method, cst.Return)
    value = returns[0].value if len(returns) == 1 else None
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "len"
            and len(value.args) == 1):
        return None
    counted = value.args[0].value
    if isinstance(counted, cst.Attribute) and isinstance(counted.value, cst.Name) and counted.value.value == "self":
        return value, counted.attr.value
    return None


def _read_outside(sources: list[Source], klass: cst.ClassDef, name: str) -> bool:
    """Whether the project reads `<something>.name` outside the class (`enc.cardinality`, `tok.size()`)."""
    return any(not source.within(node, klass)
               for source in sources for node in source.nodes(cst.Attribute, lambda a: a.attr.value == name))


def vocabulary_counts(workspace: Workspace, links: list, excess: int, why: str) -> Iterator[Edit]:
    """Where a vocabulary's count is short of its ids by `excess`, each place the count is made wrong:
    capped before its specials, its reserved codes uncounted, or the raw list counted for its mapping."""
    yield from capped_before_specials(workspace, excess, why)
    yield from reserved_codes_uncounted(workspace, excess, why)
    yield from counted_before_indexed(workspace, links, excess, why)


def counted_before_indexed(workspace: Workspace, links: list, excess: int, why: str) -> Iterator[Edit]:
    """A table sized by the count of a raw list (`len(kannada_vocabulary)`) while the ids come from the
    one mapping the project builds from that list (`kannada_to_index = build_index(kannada_vocabulary)`,
    which appends `<START>`, `<PAD>`, `<END>`): the ids past the list's count are the mapping's, so
    the count becomes the mapping's, `len(kannada_to_index)`, where it is made. Only when the project
    reads that mapping other than by its count (it is what makes the ids), and builds no other from the
    list; the verifying run says whether it holds every id."""
    if excess <= 0 or not links:
        return
    source, node = links[-1][0], links[-1][1]
    if isinstance(node, cst.Name) and source.function_of(node) is None:  # a script's setting, made above
        bound = latest_binding(source, None, node.value, source.line_of(node))
        node = bound[0] if bound is not None and bound[1] == () and bound[2] is None else node
    if not (isinstance(node, cst.Call) and last_name(node.func) == "len" and len(node.args) == 1
            and isinstance(node.args[0].value, cst.Name)):
        return
    counted = node.args[0].value.value
    sources = project_sources(workspace)
    mappings = {target for each in sources for target in _mappings_of(each, counted)}
    if len(mappings) != 1:
        return
    mapping = mappings.pop()
    if mapping not in module_names(source) or not any(_read_as_mapping(each, mapping) for each in sources):
        return  # not at hand where the count is made, or never read for its ids
    new = cst.parse_expression(f"len({mapping})")
    yield source.edit(source.replaced(node, new), source.line_of(node),
                      f"Counted {mapping} instead of {counted} ({source.code(node)} -> len({mapping})) {why}: the ids "
                      f"come from {mapping}, built from {counted} with {excess} id(s) more than it has")


def _mappings_of(source: Source, counted: str) -> Iterator[str]:
    """Names bound to a mapping built from the list: a project function given the list alone
    (`build_index(words)`), `dict(...)` of it, or a dict comprehension over it (`enumerate(words)`)."""
    for assign in source.nodes(cst.Assign):
        targets = [t.target.value for t in assign.targets if isinstance(t.target, cst.Name)]
        value = assign.value
        if len(targets) != 1:
            continue
        if isinstance(value, cst.Call) and len(value.args) == 1 and isinstance(value.args[0].value, cst.Name) \
                and value.args[0].value.value == counted and value.args[0].keyword is None \
                and last_name(value.func) not in ("len", "list", "tuple", "set", "sorted", "enumerate"):
            yield targets[0]
        elif isinstance(value, cst.DictComp) and counted in names_in(value.for_in.iter):
            yield targets[0]


def _read_as_mapping(source: Source, mapping: str) -> bool:
    """The mapping read for its ids: indexed (`to_index[ch]`), `.get(...)`, or handed to a call other
    than `len`."""
    for name in source.nodes(cst.Name, lambda n: n.value == mapping):
        parent = source.parents.get(name)
        if isinstance(parent, cst.Subscript) and parent.value is name:
            return True
        if isinstance(parent, cst.Attribute) and parent.value is name and parent.attr.value in ("get", "__getitem__"):
            return True
        call = source.parents.get(parent) if isinstance(parent, cst.Arg) else None
        if isinstance(call, cst.Call) and last_name(call.func) != "len":
            return True
    return False
