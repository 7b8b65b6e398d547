"""`Expected more than 1 value per channel when training`: the training DataLoader's last batch
holds a single sample, and BatchNorm cannot normalise one value. The loader that gave that batch
gets drop_last=True (the probe keeps a real tail of one as a batch of one in smoke mode)."""

from __future__ import annotations

from typing import Iterator

from resolver.rules._source import Source, argument, keyword_arg
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule


class BatchNormSingleSample(Rule):
    categories = ("batchnorm.single_sample",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        loader = diagnosis.loader
        if loader is None or loader.site is None or loader.drop_last or loader.batch_size in (None, 1):
            return
        source = Source.parse(workspace, loader.site.file)
        call = source and source.call_at(loader.site)
        if call is None:
            return
        flag = argument(call, 10**6, "drop_last")
        new_arg = keyword_arg("drop_last", "True")
        if flag is not None:
            new_call = call.deep_replace(flag, flag.with_changes(value=new_arg.value))
        else:
            new_call = call.with_changes(args=[*call.args, new_arg])
        tail = (loader.dataset_size or 0) % loader.batch_size
        reason = (f"Added drop_last=True to {source.code(call)}: its last batch has a single sample"
                  + (f" ({loader.dataset_size} samples at batch_size={loader.batch_size})" if tail == 1 else "")
                  + ", which BatchNorm cannot normalise in training")
        yield source.edit(source.replaced(call, new_call), source.line_of(call), reason)
