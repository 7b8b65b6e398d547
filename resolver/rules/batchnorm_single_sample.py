"""`Expected more than 1 value per channel when training`: the training DataLoader's last batch
holds a single sample, and BatchNorm cannot normalise one value. The loader that gave that batch
gets drop_last=True (the probe keeps a real tail of one as a batch of one in smoke mode)."""

from __future__ import annotations

from typing import Iterator

from resolver.callsite import find_call
from resolver.codeedit import keyword_arg
from resolver.diagnosis import Diagnosis
from resolver.edits import Change, Edit, Workspace
from resolver.rules._rule import Rule


class BatchNormSingleSample(Rule):
    categories = ("batchnorm.single_sample",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        loader = diagnosis.loader
        if loader is None or loader.site is None or loader.drop_last or loader.batch_size in (None, 1):
            return
        if not workspace.is_editable(loader.site.file):
            return
        text = workspace.text(loader.site.file)
        site = find_call(text, loader.site)
        if site is None:
            return
        flag = site.argument(10**6, "drop_last")
        new_arg = keyword_arg("drop_last", "True")
        if flag is not None:
            new_call = site.call.deep_replace(flag, flag.with_changes(value=new_arg.value))
        else:
            new_call = site.call.with_changes(args=[*site.call.args, new_arg])
        new_text = site.module.deep_replace(site.call, new_call).code
        tail = (loader.dataset_size or 0) % loader.batch_size
        reason = (f"Added drop_last=True to {site.short()}: its last batch has a single sample"
                  + (f" ({loader.dataset_size} samples at batch_size={loader.batch_size})" if tail == 1 else "")
                  + ", which BatchNorm cannot normalise in training")
        yield Edit((Change(loader.site.file, text, new_text),), site.line, reason)
