"""`IndexError: index out of range in self` raised inside an nn.Embedding: the data holds an
index at or past num_embeddings. num_embeddings becomes large enough for the largest index the
probe saw (a vocabulary-size name is kept when one holds the number); indices are never
clamped, which would hide bad data."""

from __future__ import annotations

from typing import Iterator

from resolver.rules._arguments import fix_argument
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule

EMBEDDING = {"torch.nn.Embedding", "torch.nn.modules.sparse.Embedding", "torch.nn.EmbeddingBag",
             "torch.nn.modules.sparse.EmbeddingBag"}


class EmbeddingIndex(Rule):
    categories = ("index.embedding",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        layer = diagnosis.module
        if layer is None or "num_embeddings" not in layer.attributes or layer.site is None:
            return
        given = layer.inputs[0] if layer.inputs else None
        if given is None or given.max is None or given.min is None or given.min < 0:
            return  # negative indices are bad data, not a small table
        needed = given.max + 1
        if needed <= layer.attributes["num_embeddings"]:
            return
        why = (f"so that the largest index in the data ({given.max}) has a row "
               f"(layer {layer.path or layer.class_name} had {layer.attributes['num_embeddings']})")
        yield from fix_argument(workspace, layer, EMBEDDING, 0, "num_embeddings", needed, why)
