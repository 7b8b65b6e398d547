"""## What it does
Gives a single-channel sample its channel axis where the Dataset makes it: a convolution with
`in_channels=1` whose batch arrives as (N, H, W), one dimension short, gets the sample returned by
the Dataset's `__getitem__` as `img.unsqueeze(0)` (`img[None]` for a numpy array), so a batch is
(N, 1, H, W) (Conv1d: (N, L) -> (N, 1, L); Conv3d likewise); a sample written as an expression
gets `[None]`, which numpy arrays and tensors both take, unless torch makes it there. Only a batch
that reached the layer as the loop drew it, with more than one sample: a tensor the model reshaped
itself is the model's.

## Why is this bad?
`Given groups=1, weight of size [6, 1, 5, 5], expected input[1, 64, 32, 32] to have 1 channels,
but got 64 channels instead`: a convolution given one dimension fewer than a batch takes it for
one unbatched sample, and reads the batch of 64 grayscale images as one image of 64 channels.
Grayscale images and signals loaded from numpy or PIL have no channel axis of their own.

## Example
```python
def __getitem__(self, idx):
    img = self.images[idx].astype(np.float32) / 255.0   # (32, 32)
    return torch.from_numpy(img), int(self.labels[idx])
```

Use instead:
```python
def __getitem__(self, idx):
    img = self.images[idx].astype(np.float32) / 255.0   # (32, 32)
    return torch.from_numpy(img).unsqueeze(0), int(self.labels[idx])
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

LAYOUT = {1: "(L,) -> (1, L)", 2: "(H, W) -> (1, H, W)", 3: "(D, H, W) -> (1, D, H, W)"}


class ChannelAxisMissing(Rule):
    categories = ("shape.conv_in_channels",)
    priority = -3  # before downmix_to_mono, channels_last_input and module_input: the sample lacks an axis

    def matches(self, diagnosis: Diagnosis) -> bool:
        layer = diagnosis.module
        if not super().matches(diagnosis) or layer is None or layer.class_name not in CONV_SPATIAL \
                or not layer.inputs or layer.inputs[0] is None or diagnosis.loader is None:
            return False
        shape = layer.inputs[0].shape
        return layer.attributes.get("in_channels") == 1 and layer.attributes.get("groups", 1) == 1 \
            and len(shape) == CONV_SPATIAL[layer.class_name] + 1 and shape[0] > 1

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        layer = diagnosis.module
        shape = layer.inputs[0].shape
        found = drawn_sample(diagnosis, workspace)
        if found is None:
            return
        source, getitem, returned, sample = found
        spatial = CONV_SPATIAL[layer.class_name]
        why = (f"{layer.class_name}({layer.attributes['in_channels']}, ...) takes a batch as (N, 1, ...), and the "
               f"samples have no channel axis, so the batch {list(shape)} reached {_named(layer)} "
               f"one dimension short and was read as one sample of {shape[0]} channels")
        if isinstance(sample, cst.Name):
            statement = source.parents[returned]
            added = f"{sample.value}[None]" if numpy_made(source, getitem, sample.value) else \
                f"{sample.value}.unsqueeze(0)"
            line = cst.parse_statement(f"{sample.value} = {added}  # {LAYOUT[spatial]}: the channel axis "
                                       f"{layer.class_name} reads\n")
            text = source.replaced(statement, cst.FlattenSentinel([line, statement]))
        else:
            code = source.code(sample)  # `self.images[idx]` may be a numpy array: `[None]` serves both
            text = source.replaced(sample, wrap(code, ".unsqueeze(0)" if "torch." in code else "[None]"))
        yield source.edit(text, source.line_of(returned),
                          f"Added the channel axis to the sample in {getitem.name.value} ({LAYOUT[spatial]}): {why}")


def _named(layer) -> str:
    """The layer as the model names it (`features.0`), or its class; `layer 0` for an item of a Sequential model."""
    return f"layer {layer.path}" if layer.path.isdigit() else layer.path or layer.class_name
