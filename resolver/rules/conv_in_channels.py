"""`expected input[2, 1, 28, 28] to have 3 channels, but got 1 channels instead` raised inside a
Conv layer: its in_channels disagrees with the channels it is given (the data, the previous
layer, or a torch.cat of skip connections). The channel count comes from the input the probe saw."""

from __future__ import annotations

from typing import Iterator

from resolver.rules._arguments import fix_argument
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule

CONV = {f"torch.nn.{kind}" for kind in ("Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d",
                                        "ConvTranspose3d")}
CONV |= {f"torch.nn.modules.conv.{name.rsplit('.', 1)[1]}" for name in CONV}
SPATIAL_DIMS = {"Conv1d": 1, "Conv2d": 2, "Conv3d": 3, "ConvTranspose1d": 1, "ConvTranspose2d": 2, "ConvTranspose3d": 3}


class ConvInChannels(Rule):
    categories = ("shape.conv_in_channels",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        layer = diagnosis.module
        if layer is None or "in_channels" not in layer.attributes or layer.site is None or layer.attributes.get("groups", 1) != 1:
            return
        given = layer.inputs[0] if layer.inputs else None
        dims = SPATIAL_DIMS.get(layer.class_name)
        if given is None or dims is None or len(given.shape) not in (dims + 1, dims + 2):
            return
        needed = given.shape[-dims - 1]  # batched (N, C, ...) or unbatched (C, ...)
        if needed == layer.attributes["in_channels"] or given.shape[-1] == layer.attributes["in_channels"]:
            return  # channels-last data (N, H, W, C): the data needs a permute, the layer is right
        why = (f"to match the {needed} channels it receives (layer {layer.path or layer.class_name}, "
               f"input {'x'.join(map(str, given.shape))})")
        yield from fix_argument(workspace, layer, CONV, 0, "in_channels", needed, why)
