"""`mat1 and mat2 shapes cannot be multiplied (32x512 and 256x10)` raised inside an nn.Linear:
its in_features disagrees with the features it is actually given. The right number is the last
dimension of the input the probe saw; the edit keeps a computed in_features computed."""

from __future__ import annotations

from typing import Iterator

from resolver.rules._arguments import fix_argument
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule

LINEAR = {"torch.nn.Linear", "torch.nn.modules.linear.Linear"}


class LinearInFeatures(Rule):
    categories = ("shape.linear_in_features",)

    def matches(self, diagnosis: Diagnosis) -> bool:
        # with the batch folded into the features, the flatten is wrong, not the layer
        return super().matches(diagnosis) and not diagnosis.batch_folded

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        layer = diagnosis.module
        if layer is None or "in_features" not in layer.attributes or layer.site is None:
            return
        given = layer.inputs[0] if layer.inputs else None
        if given is None or not given.shape or given.shape[-1] == layer.attributes["in_features"]:
            return
        needed = given.shape[-1]
        shape = "x".join(map(str, given.shape))
        why = f"to match the {needed} features it receives (layer {layer.path or layer.class_name}, input {shape})"
        yield from fix_argument(workspace, layer, LINEAR, 0, "in_features", needed, why)
