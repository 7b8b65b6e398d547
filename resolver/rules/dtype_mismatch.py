"""`mat1 and mat2 must have the same dtype, but got Double and Float`: float64 data (NumPy's
default) meets float32 weights. `.float()` goes on the float64 tensor where it enters the model
or the failing operation."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.rules._source import user_frames, wrap
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule


class DtypeMismatch(Rule):
    categories = ("dtype.mismatch",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            doubles = {name for name, t in frame.tensors.items() if t.dtype == "float64"}
            found = False
            for call in source.on_line(cst.Call, frame.line):
                for arg in call.args:
                    value = arg.value
                    if not (isinstance(value, cst.Name) and value.value in doubles):
                        continue
                    found = True
                    new = wrap(value.value, ".float()")
                    reason = (f"Changed {value.value} to {value.value}.float() where it enters "
                              f"{source.code(call.func)}(...): the data is float64, the weights float32")
                    yield source.edit(source.replaced(value, new), source.line_of(call), reason)
            if found:
                return
