"""## What it does
Downmixes multi-channel recordings to one channel where the Dataset reads them, when the model's
first `Conv1d` is built for one input channel and the batch drawn from the loader arrives at it,
and at the model, as `[batch, channels, time]` with more: `if wav.shape[0] > 1: wav = wav.mean(dim=0, keepdim=True)`
right after the statement in `__getitem__` that reads the waveform every return hands out (the
first assignment of it from a call that does not take it back in). Only for a one-channel Conv1d,
a mono audio model, fed two-dimensional samples of tensors read as sound (a sample rate read beside
them, or a reader named for audio): an image model given the wrong number of channels, a model
built for several, two sensor axes, or samples still in numpy leave the question to the author.

## Why is this bad?
`expected input[8, 2, 16000] to have 1 channels, but got 2 channels instead`: stereo files in a
corpus meant for a mono model. Widening the first layer to two channels would change the model
and still fail on the mono files; averaging the channels keeps every file, mono or not.

## Example
```python
def __getitem__(self, index):
    wav, sr = load_wav(self.files[index])
    return wav[:, :self.length]
```

Use instead:
```python
def __getitem__(self, index):
    wav, sr = load_wav(self.files[index])
    if wav.shape[0] > 1:
        wav = wav.mean(dim=0, keepdim=True)
    return wav[:, :self.length]
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._dataset import drawn_so, getitem_of, numpy_made
from resolver.fix.rules._project import methods
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, names_in, project_sources
from resolver.fix.rules._syntax import attribute_assignments, own_nodes
from resolver.write.edits import Edit, Workspace

AUDIO_WORDS = ("wav", "audio", "sound", "torchaudio", "soundfile", "librosa", "flac", "mp3")
SAMPLE_RATES = {"sr", "rate", "fs", "sample_rate", "sampling_rate", "samplerate"}


class DownmixToMono(Rule):
    categories = ("shape.conv_in_channels",)
    priority = -2  # before channels_last_input and module_input: the samples are wrong, not the layer

    def matches(self, diagnosis: Diagnosis) -> bool:
        layer = diagnosis.module
        if not super().matches(diagnosis) or layer is None or layer.class_name != "Conv1d" \
                or not layer.inputs or layer.inputs[0] is None or diagnosis.loader is None:
            return False
        shape = layer.inputs[0].shape
        return layer.attributes.get("in_channels") == 1 and layer.attributes.get("groups", 1) == 1 \
            and len(shape) == 3 and shape[1] > 1

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        layer, model = diagnosis.module, diagnosis.modules[0]
        batch = model.inputs[0].shape if model.inputs and model.inputs[0] is not None else ()
        if len(batch) != 3 or batch[1] != layer.inputs[0].shape[1] or not drawn_so(diagnosis, batch):
            return  # the model made these channels itself, or was given them otherwise than as drawn
        source, getitem = _reading(workspace, *getitem_of(workspace, diagnosis.loader))
        found = _read(source, getitem) if getitem is not None else None
        if found is None or numpy_made(source, getitem, found[1]):
            return
        read, name = found
        added = cst.parse_statement(f"if {name}.shape[0] > 1:\n    {name} = {name}.mean(dim=0, keepdim=True)\n")
        channels = layer.inputs[0].shape[1]
        yield source.edit(source.replaced(read, cst.FlattenSentinel([read, added])), source.line_of(read),
                          f"Downmixed the recordings to mono in {getitem.name.value}: {layer.path or 'the model'}'s "
                          f"Conv1d is built for 1 input channel and the batches arrived with {channels}")


def _reading(workspace: Workspace, source: Source | None, getitem: cst.FunctionDef | None):
    """(source, `__getitem__`) that reads the sample: the Dataset's own, or, for a Dataset that hands
    out another's items (`return self.noisy_set[index], self.clean_set[index]`), that one's, when
    every set it indexes is built by the same project class."""
    if getitem is None:
        return None, None
    returned = [r.value for r in own_nodes(getitem, cst.Return)]
    items = [e.value for v in returned for e in (v.elements if isinstance(v, cst.Tuple) else [cst.Element(v)])]
    if not items or not all(isinstance(i, cst.Subscript) and isinstance(i.value, cst.Attribute) for i in items):
        return source, getitem
    klass = source.enclosing(getitem, cst.ClassDef)
    built = {source.code(value.func) for item in items
             for value, path, _ in attribute_assignments(source, klass, item.value.attr.value)
             if isinstance(value, cst.Call) and not path}
    name = built.pop() if len(built) == 1 else None
    inner = [(s, m["__getitem__"]) for s in project_sources(workspace) for c in s.nodes(cst.ClassDef)
             if c.name.value == name and "__getitem__" in (m := methods(c))]
    return inner[0] if len(inner) == 1 else (None, None)


def _reads_audio(source: Source, call: cst.Call, others: list) -> bool:
    """The call reads sound: it hands out a sample rate beside the waveform (`wav, sr = ...`), or its
    name says so (`read_wav`, `torchaudio.load`, `load_audio`). Two sensor axes or two features are
    channels of their own, never averaged."""
    said = " ".join([source.code(call.func), *source.qualified_names(call.func)]).lower()
    rate = any(isinstance(o, cst.Name) and o.value.lower() in SAMPLE_RATES for o in others)
    return rate or any(word in said for word in AUDIO_WORDS)


def _returned_names(getitem: cst.FunctionDef) -> set[str]:
    """The names in what every return of `__getitem__` hands out first (`return wav`, `return noisy + n, wav`)."""
    names = None
    for returned in own_nodes(getitem, cst.Return):
        value = returned.value
        first = value.elements[0].value if isinstance(value, cst.Tuple) and value.elements else value
        found = set(names_in(first)) if first is not None else set()
        names = found if names is None else names & found
    return names or set()


def _read(source: Source, getitem: cst.FunctionDef) -> tuple[cst.SimpleStatementLine, str] | None:
    """(the statement, the name) that first makes a waveform every return hands out, from a call that
    reads sound and does not take it back in (`wav, sr = load(path)`)."""
    returned = _returned_names(getitem)
    for assign in own_nodes(getitem, cst.Assign):
        targets = [e.value for t in assign.targets
                   for e in (t.target.elements if isinstance(t.target, cst.Tuple) else [cst.Element(t.target)])]
        name = targets[0].value if targets and isinstance(targets[0], cst.Name) else None
        if name not in returned or not isinstance(assign.value, cst.Call) or name in names_in(assign.value) \
                or not _reads_audio(source, assign.value, targets[1:]):
            continue
        statement = source.parents.get(assign)
        return (statement, name) if isinstance(statement, cst.SimpleStatementLine) else None
    return None
