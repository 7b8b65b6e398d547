"""Whether a tensor was read from a file that the project's own code writes (`np.load(f"{split}_emb.npy")`
where `extract_features.py` does `np.save(f"{split}_emb.npy", ...)`): features cached by one script for
another. When such a tensor disagrees with a setting, either side may be stale (the cache written by an
older encoder, or the setting left behind when the encoder changed), and running the writer again is
the user's step: a rule that would change the setting to fit the file stops instead."""

from __future__ import annotations

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Tensor
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Workspace

READERS = {"load", "loadtxt", "genfromtxt", "fromfile", "memmap", "load_file", "read_csv"}
WRITERS = {"save", "savez", "savez_compressed", "savetxt", "tofile", "save_file", "to_csv"}


def read_from_project_output(diagnosis: Diagnosis, workspace: Workspace, given: Tensor) -> str | None:
    """The file name part shared by the reader that made the tensor a user frame passes to the failing
    layer (a name holding a tensor of `given`'s shape) and a writer call of the project; None if none."""
    tracer = Tracer(diagnosis, workspace)
    written = {part for source in tracer.project_sources() for call in source.nodes(cst.Call)
               if last_name(call.func) in WRITERS for part in _file_parts(source, call)}
    if not written:
        return None
    for frame, source in user_frames(diagnosis, workspace):
        names = [n for n, t in frame.tensors.items() if tuple(t.shape) == tuple(given.shape)]
        nodes = [n for n in source.on_line(cst.Name, frame.line) if n.value in names]
        for node in nodes[:1]:
            for step in tracer.chain(source, node, frame):
                if isinstance(step.node, cst.Call) and last_name(step.node.func) in READERS:
                    shared = set(_file_parts(step.source, step.node)) & written
                    if shared:
                        return sorted(shared)[0]
        if nodes:
            return None
    return None


def _file_parts(source: Source, call: cst.Call) -> list[str]:
    """The literal pieces of file names in a call's arguments that carry an extension (`_emb.npy`)."""
    parts = []
    for node in source.nodes((cst.SimpleString, cst.FormattedStringText), lambda n: source.within(n, call)):
        text = node.evaluated_value if isinstance(node, cst.SimpleString) else node.value
        if isinstance(text, str) and "." in text.strip(".") and " " not in text:
            parts.append(text)
    return parts
