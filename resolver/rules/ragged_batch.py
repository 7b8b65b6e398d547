"""`stack expects each tensor to be equal size`: the default collate cannot stack samples of
different lengths. The DataLoader gets a collate_fn that pads them with
torch.nn.utils.rnn.pad_sequence, and so do the loaders built beside it (a validation twin holds
the same samples); the helper goes in before the statement that builds the first. Only sequences are padded: token ids (integer) or frames (2-D and more) of varying
length. Floating vectors of varying length are records with different fields (two schemas, a
feature list that changed); padding them by position would misalign the features, so nothing
is proposed."""

from __future__ import annotations

from typing import Iterator

from resolver.rules._collate import also_beside, loaders_beside, with_collate
from resolver.rules._source import Source
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule

HELPER = '''def pad_collate(batch):
    """Pads the variable-length tensors of a batch to the longest one."""
    def collate(items):
        if isinstance(items[0], {torch}.Tensor) and items[0].dim() > 0 and len({{t.shape for t in items}}) > 1:
            return {torch}.nn.utils.rnn.pad_sequence(list(items), batch_first=True)
        return {torch}.utils.data.default_collate(list(items))

    if isinstance(batch[0], dict):
        return {{key: collate([sample[key] for sample in batch]) for key in batch[0]}}
    if isinstance(batch[0], (tuple, list)):
        return [collate(column) for column in zip(*batch)]
    return collate(batch)
'''


class RaggedBatch(Rule):
    categories = ("data.ragged_batch",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        loader = diagnosis.loader
        if loader is None or loader.site is None or loader.collate_fn is not None:
            return
        if any(dims == 1 and dtype.startswith(("float", "bfloat")) for dtype, dims in loader.ragged.values()):
            return
        source = Source.parse(workspace, loader.site.file)
        call = source and source.call_at(loader.site)
        if call is None:
            return
        calls = loaders_beside(source, call)
        new_text = with_collate(source, calls, HELPER.format(torch=source.torch))
        if new_text is None:
            return
        also = also_beside(calls)
        reason = (f"Added collate_fn=pad_collate to {source.code(call)}{also}: its samples have different lengths, "
                  "so they are padded with pad_sequence instead of stacked")
        yield source.edit(new_text, source.line_of(call), reason, uses_torch=True)
