"""Where a project states its class count: a constant, a config key, a default, an argparse default
named like one (`num_classes`, `n_class`, `num_labels`, ...). Rules that find the model built with
another count than its data holds change the one place that states it."""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.fix.rules._loss import changed
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._project import config_file_edits
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Edit

CLASS_COUNT_NAMES = ("num_classes", "n_classes", "nclasses", "num_class", "n_class", "num_labels", "n_labels",
                     "num_categories", "n_categories", "classes", "num_outputs")

CLASS_COUNT = rf"(?:{'|'.join(CLASS_COUNT_NAMES)})"

def config_class_counts(tracer: Tracer, old: int, new: int, why: str) -> list[Edit]:
    keys = set(CLASS_COUNT_NAMES) | {name.upper() for name in CLASS_COUNT_NAMES}
    return config_file_edits(tracer.workspace, keys, old, new, why)


def class_count_raised(tracer: Tracer, classes: int, needed: int, why: str = "") -> Iterator[Edit]:
    """The one place that sets the class count to `classes`, set to `needed`, the classes the
    dataset's labels 0..needed-1 hold (or `why` says what holds them); nothing when there is not
    exactly one."""
    found: list[Edit] = []
    why = why or (f": the labels run 0..{needed - 1} over the dataset, {needed} classes, and the model was built "
                  f"with {classes} outputs")
    for source in tracer.project_sources():
        for node in source.nodes(cst.Integer, lambda n: n.evaluated_value == classes):
            if names_class_count(source, node):
                found.append(changed(source, node, cst.Integer(str(needed)), f"where the class count is set{why}"))
    found += config_class_counts(tracer, classes, needed, f"(where the class count is set){why}")
    if len(found) == 1:
        yield found[0]


def names_class_count(source: Source, node: cst.Integer) -> bool:
    """`num_classes = 9`, `num_classes: int = 9`, `num_classes=9`, `"num_classes": 9`,
    `add_argument("--num-classes", default=9)`, `def build(num_classes=9)`."""
    parent = source.parents.get(node)
    named = re.compile(rf"^{CLASS_COUNT}$", re.IGNORECASE)
    if isinstance(parent, cst.Param):
        return parent.default is node and bool(named.match(parent.name.value))
    if isinstance(parent, (cst.Assign, cst.AnnAssign)):
        targets = [t.target for t in parent.targets] if isinstance(parent, cst.Assign) else [parent.target]
        return any(named.match(last_name(t) or "") for t in targets)
    if isinstance(parent, cst.DictElement):
        return bool(named.match(text_value(parent.key)))
    if isinstance(parent, cst.Arg) and parent.keyword is not None:
        if named.match(parent.keyword.value):
            return True
        call = source.parents.get(parent)
        if parent.keyword.value == "default" and isinstance(call, cst.Call) and call.args:
            flag = text_value(call.args[0].value).lstrip("-").replace("-", "_")
            return bool(named.match(flag))
    return False


def text_value(node) -> str:
    value = getattr(node, "evaluated_value", None)
    return value if isinstance(value, str) else ""


def class_count_stated(tracer: Tracer, count: int) -> bool:
    """Whether a class-count setting of the project (a constant, a default, a config key) says `count`."""
    said = any(node.evaluated_value == count and names_class_count(source, node)
               for source in tracer.project_sources() for node in source.nodes(cst.Integer))
    return said or bool(config_class_counts(tracer, count, count, ""))
