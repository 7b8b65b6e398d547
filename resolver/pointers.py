"""What a FAILED report points at where no fix was made: the layer that raised, with what it was
built for and what it got, and the catalogue's plain-words advice for the error's kind."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from resolver.messages import MESSAGES

if TYPE_CHECKING:
    from resolver.diagnose.diagnosis import Diagnosis


def pointers(error: Diagnosis, lang: str, where: Callable[[Path, int], str]) -> list[str]:
    """What a reader needs where no fix was made: the layer that raised, with what it was built for
    and what it got, and the catalogue's plain-words advice for the error's kind."""
    from resolver.diagnose import catalogue  # the report stays light for `resolve --help`

    m, lines = MESSAGES[lang], []
    layer = error.module
    declared = {k: v for k, v in (layer.attributes if layer else {}).items() if k in LAYER_SIZES}
    if layer is not None and layer.site is not None and declared and layer.inputs and layer.inputs[0] is not None:
        lines.append(m["layer"].format(
            path=layer.path or layer.class_name, kind=f"nn.{layer.class_name}",
            where=where(layer.site.file, layer.site.line),
            declared=", ".join(f"{k}={v}" for k, v in declared.items()),
            shape="x".join(map(str, layer.inputs[0].shape))))
    said = catalogue.advice(error.category, lang)
    if said:
        lines.append(m["advice"].format(text=said))
    return lines


# the constructor arguments that say what input a layer takes
LAYER_SIZES = ("in_features", "in_channels", "input_size", "normalized_shape", "num_features", "num_channels",
               "num_embeddings", "embed_dim")
