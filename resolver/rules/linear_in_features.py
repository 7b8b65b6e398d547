"""`mat1 and mat2 shapes cannot be multiplied (32x512 and 256x10)` raised inside an nn.Linear:
its in_features disagrees with the features it is actually given. The right number is the last
dimension of the input the probe saw; the edit keeps a computed in_features computed."""

from __future__ import annotations

from typing import Iterator

from resolver.callsite import retarget_argument
from resolver.diagnosis import Diagnosis
from resolver.edits import Change, Edit, Workspace

CATEGORY = "shape.linear_in_features"
LINEAR = {"torch.nn.Linear", "torch.nn.modules.linear.Linear"}


def propose(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    layer = diagnosis.module
    if layer is None or "in_features" not in layer.attributes or layer.site is None:
        return
    given = layer.inputs[0] if layer.inputs else None
    if given is None or not given.shape:
        return
    needed, declared = given.shape[-1], layer.attributes["in_features"]
    if needed == declared:
        return
    shape = "x".join(map(str, given.shape))
    for source, rewrite in retarget_argument(workspace, layer.site, LINEAR, 0, "in_features", declared, needed):
        new_text, new_call = source.rewrite(rewrite.code)
        reason = (f"Changed {source.call.short()} to {new_call} to match the {needed} features "
                  f"it receives (layer {layer.path or type(layer).__name__}, input {shape})")
        if not rewrite.kept_names:
            old_value = source.call.short(source.arg.value)
            reason += f"; no expression of `{old_value}` gives {needed}, so the literal was written"
        yield Edit((Change(source.file, source.text, new_text),), source.call.line, reason, "linear_in_features")
