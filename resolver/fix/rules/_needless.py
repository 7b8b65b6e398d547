"""Shared by the rules that rewrite a needlessly large intermediate as the same computation made
cheaply (one_hot_counts, one_hot_lookup, pairwise_distance): where to look, the value a name stands
for when it is made once and read once, and what the run's frames or the class say of a tensor's rank."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Tensor
from resolver.fix.rules._definitions import _assigned_values, _owner, _reads
from resolver.fix.rules._source import Source, names_in, project_sources, user_frames
from resolver.fix.rules._syntax import attribute_assignments, last_name, own_nodes, self_attribute
from resolver.write.edits import Workspace

CASTS = ("float", "double", "half", "bfloat16", "long", "int", "to", "type")


def sources(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Source]:
    """The error's own files, innermost first; for a forecast or a killed run, which have no
    frames, the project's. Each once."""
    frames = [source for _, source in user_frames(diagnosis, workspace)]
    done = set()
    for source in frames or project_sources(workspace):
        if source.path not in done:
            done.add(source.path)
            yield source


def made_once(file: Source, node: cst.BaseExpression) -> tuple[cst.BaseExpression, cst.CSTNode | None]:
    """What `node` stands for: a bare name assigned once in its scope by a lone statement and read
    only here gives its value and that statement (which a rewrite may drop); anything else is itself."""
    if not isinstance(node, cst.Name):
        return node, None
    scope = _owner(file, node)
    values = _assigned_values(file, scope, node.value)
    if len(values) != 1 or values[0] is None or _reads(file, scope, node.value) != 1:
        return node, None
    statement = file.parents.get(file.parents.get(values[0]))
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1 \
            or file.line_of(statement) >= file.line_of(node) or file.loop_of(statement) is not file.loop_of(node):
        return node, None
    # read at the use instead, the value must read the same names: none rebound in between
    read = set(names_in(values[0]))
    between = [n for n in own_nodes(scope, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.For))
               if file.line_of(statement) < file.line_of(n) < file.line_of(node)]
    for rebinding in between:
        targets = [t.target for t in rebinding.targets] if isinstance(rebinding, cst.Assign) else [rebinding.target]
        if read & {name for target in targets for name in names_in(target)}:
            return node, None
    return values[0], statement


def cast_chain(node: cst.BaseExpression) -> tuple[cst.BaseExpression, str]:
    """`x.float()`, `x.to(torch.float32)` -> (x, ".float()"); the casts a product keeps, outermost last."""
    suffix = ""
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in CASTS:
        suffix = cst.Module([]).code_for_node(node)[len(cst.Module([]).code_for_node(node.func.value)):] + suffix
        node = node.func.value
    return node, suffix


def seen(diagnosis: Diagnosis, file: Source, node: cst.BaseExpression) -> Tensor | None:
    """The tensor the failing run's frames in this file saw a bare name hold; None unseen."""
    for frame in diagnosis.frames:
        if isinstance(node, cst.Name) and frame.file.resolve() == file.path and node.value in frame.tensors:
            return frame.tensors[node.value]
    return None


def parenthesized(code: str, node: cst.BaseExpression) -> str:
    """The code as an operand of `*` and `+`: an atom as it is, anything else in parentheses."""
    atom = isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer)) and not node.lpar
    return code if atom else f"({code})"


FACTORIES = ("randn", "rand", "zeros", "ones", "empty", "Tensor", "FloatTensor")


def made_2d(file: Source, node: cst.BaseExpression) -> bool:
    """`self.centroids` that its class makes once, 2-D: `nn.Parameter(torch.randn(k, d) * 0.1)`."""
    klass = file.enclosing(node, cst.ClassDef)
    name = self_attribute(node)
    made = attribute_assignments(file, klass, name) if klass is not None and name is not None else []
    if len(made) != 1 or made[0][1]:
        return False
    value = made[0][0]
    while True:
        if isinstance(value, cst.Call) and last_name(value.func) == "Parameter" and value.args:
            value = value.args[0].value
        elif isinstance(value, cst.BinaryOperation) and isinstance(value.right, (cst.Integer, cst.Float)):
            value = value.left
        else:
            break
    if not isinstance(value, cst.Call) or last_name(value.func) not in FACTORIES:
        return False
    sizes = [a for a in value.args if a.keyword is None]
    return len(sizes) == 2 and not any(a.star for a in sizes)
