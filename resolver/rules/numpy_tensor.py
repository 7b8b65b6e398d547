"""`Can't call numpy() on Tensor that requires grad` / `can't convert cuda:0 device type tensor to
numpy`: `.detach()` or `.cpu()` goes in front of the `.numpy()` (or into `np.array(...)`) on the
failing line."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.rules._source import method_call, user_frames, wrap
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule

ARRAY_FUNCTIONS = {"array", "asarray", "asanyarray"}


class NumpyTensor(Rule):
    categories = ("numpy.requires_grad", "numpy.cuda_tensor")

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        step = ".detach()" if diagnosis.category == "numpy.requires_grad" else ".cpu()"
        why = ("the tensor is part of the autograd graph" if step == ".detach()" else "the tensor is on the GPU")
        for frame, source in user_frames(diagnosis, workspace):
            calls = source.on_line(cst.Call, frame.line)
            targets = [c.func.value for c in calls if method_call(c, "numpy") and not c.args]
            targets += [c.args[0].value for c in calls if isinstance(c.func, cst.Attribute) and c.args
                        and c.func.attr.value in ARRAY_FUNCTIONS]
            for tensor in targets:
                code = source.module.code_for_node(tensor)
                if code.endswith(step):
                    continue
                new = wrap(code, step)
                reason = f"Changed {source.code(tensor)} to {source.code(new)} before converting to NumPy: {why}"
                yield source.edit(source.replaced(tensor, new), source.line_of(tensor), reason)
            if targets:
                return
