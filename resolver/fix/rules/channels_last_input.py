"""## What it does
Puts the channels first where a Dataset makes its samples: a convolution whose batch arrives as
(N, H, W, C), with C its `in_channels`, gets `img = img.permute(2, 0, 1)` in the Dataset's
`__getitem__` (`(1, 0)` for a Conv1d sample stored as (L, C); a numpy sample is transposed). The
layer is right; the data's layout is not. Only a batch that reached the layer as the loop drew it:
a tensor the model itself moved to channels last is the model's to move back.

## Why is this bad?
`Given groups=1, weight of size [32, 3, 3, 3], expected input[128, 32, 32, 3] to have 3 channels,
but got 32 channels instead`: PyTorch's convolutions read dimension 1 as the channels. Images
loaded with numpy or PIL are stored height, width, channels; a batch of them reaches the conv with
the image width where the channels belong.

## Example
```python
def __getitem__(self, index):
    img = self.images[index]          # (32, 32, 3)
    return img, self.labels[index]
```

Use instead:
```python
def __getitem__(self, index):
    img = self.images[index]          # (32, 32, 3)
    img = img.permute(2, 0, 1)  # (H, W, C) -> (C, H, W): Conv2d reads channels first
    return img, self.labels[index]
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._dataset import CONV_SPATIAL, drawn_sample, numpy_made
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import wrap
from resolver.write.edits import Edit, Workspace

LAYOUT = {1: "(L, C) -> (C, L)", 2: "(H, W, C) -> (C, H, W)", 3: "(D, H, W, C) -> (C, D, H, W)"}


class ChannelsLastInput(Rule):
    categories = ("shape.conv_in_channels",)
    priority = -1  # before module_input, which leaves the layer alone for a channels-last batch

    def matches(self, diagnosis: Diagnosis) -> bool:
        layer = diagnosis.module
        if not super().matches(diagnosis) or layer is None or layer.class_name not in CONV_SPATIAL \
                or not layer.inputs or layer.inputs[0] is None or diagnosis.loader is None:
            return False
        shape, channels = layer.inputs[0].shape, layer.attributes.get("in_channels")
        return len(shape) == CONV_SPATIAL[layer.class_name] + 2 and layer.attributes.get("groups", 1) == 1 \
            and shape[-1] == channels and shape[1] != channels

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        layer = diagnosis.module
        found = drawn_sample(diagnosis, workspace)
        if found is None:
            return
        source, getitem, returned, sample = found
        spatial = CONV_SPATIAL[layer.class_name]
        order = ", ".join(map(str, (spatial, *range(spatial))))
        why = (f"{layer.class_name} reads dimension 1 as its {layer.attributes['in_channels']} channels, and the "
               f"samples are stored channels last, so a batch reached {layer.path or layer.class_name} as "
               f"{list(layer.inputs[0].shape)}")
        if isinstance(sample, cst.Name):
            statement = source.parents[returned]
            method = "transpose" if numpy_made(source, getitem, sample.value) else "permute"
            added = cst.parse_statement(f"{sample.value} = {sample.value}.{method}({order})"
                                        f"  # {LAYOUT[spatial]}: {layer.class_name} reads channels first\n")
            text = source.replaced(statement, cst.FlattenSentinel([added, statement]))
        else:
            text = source.replaced(sample, wrap(source.code(sample), f".permute({order})"))
        yield source.edit(text, source.line_of(returned),
                          f"Permuted the sample to channels first in {getitem.name.value} ({LAYOUT[spatial]}): {why}")

