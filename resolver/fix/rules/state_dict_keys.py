"""## What it does
Makes `load_state_dict` get the model's own keys. A state dict taken from a DataParallel/DDP,
`torch.compile` or EMA/SWA wrapper (the probe saw the project take it in this run, and the
missing keys are the wrapped model's) is taken from the model inside, where it is saved; one
from an earlier run has its `module.`/`_orig_mod.` prefix stripped where it is loaded, when
every unexpected key is a missing key behind that one prefix (BatchNorm counters aside); a
whole training checkpoint (`"epoch"`, `"model_state_dict"`, ..., no key with a dot) is replaced
by the entry such checkpoints keep the weights under.

## Why is this bad?
`Missing key(s) in state_dict: "fc.weight" ... Unexpected key(s) in state_dict:
"module.fc.weight"`: the keys name the wrapper's parameters, or the checkpoint's entries, not
the model's, so nothing loads.

## Example
```python
torch.save(nn.DataParallel(model).state_dict(), "model.pt")
```

Use instead:
```python
wrapped = nn.DataParallel(model)
torch.save((wrapped.module if isinstance(wrapped, torch.nn.DataParallel) else wrapped).state_dict(), "model.pt")
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._checkpoint import failing_loads
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.write.edits import Edit, Workspace

WRAPPER_CLASSES = {"DataParallel": "nn.DataParallel", "DistributedDataParallel": "nn.parallel.DistributedDataParallel"}


def _key_lists(message: str) -> tuple[list[str], list[str]]:
    lists = {kind: re.findall(r'"([^"]+)"', keys) for kind, keys in
             re.findall(r"(Missing|Unexpected) key\(s\) in state_dict: ([^\n]*)", message)}
    return lists.get("Missing", []), lists.get("Unexpected", [])


def _wrapper_prefix(message: str) -> str | None:
    """The one `module.`/`_orig_mod.` prefix (or a chain of them) that turns every missing key into an
    unexpected one, and every unexpected key into a missing one (a BatchNorm's num_batches_tracked,
    which a load does not miss, may be unexpected alone)."""
    missing, unexpected = _key_lists(message)
    if not missing or "size mismatch" in message:
        return None
    prefix = next((u[: len(u) - len(missing[0])] for u in unexpected if u.endswith(missing[0])), "")
    if not re.fullmatch(r"((module|_orig_mod)\.)+", prefix):
        return None
    stripped = {key.removeprefix(prefix) for key in unexpected if key.startswith(prefix)}
    if len(stripped) != len(unexpected) or not set(missing) <= stripped:
        return None
    return prefix if all(k in missing or k.endswith(".num_batches_tracked") for k in stripped) else None


def _unwrapped_at_save(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """The project took a wrapper's state_dict (the probe saw where) and the keys the load missed are
    the wrapped model's: the state is taken from the model inside the wrapper, where it is saved."""
    missing, _ = _key_lists(diagnosis.message)
    for taken in diagnosis.wrapped_state_dicts:
        if not missing or not _subtree_of(taken.keys, missing):
            continue
        source = Source.parse(workspace, taken.file)
        if source is None:
            continue
        calls = [c for c in source.on_line(cst.Call, taken.line) if not c.args and isinstance(c.func, cst.Attribute)
                 and c.func.attr.value == "state_dict" and isinstance(c.func.value, (cst.Name, cst.Attribute))
                 and source.line_of(c) == taken.line]
        if len(calls) != 1:
            continue
        held = source.code(calls[0].func.value)
        # an AveragedModel is made to be one (an EMA/SWA copy); a DataParallel wrap depends on the GPUs
        inner = (f'getattr({held}, "_orig_mod", {held})' if taken.attribute == "_orig_mod" else
                 f"{held}.module" if taken.wrapper == "AveragedModel" else
                 f"({held}.module if isinstance({held}, {source.torch}.{WRAPPER_CLASSES[taken.wrapper]}) else {held})")
        wrapper = "torch.compile" if taken.attribute == "_orig_mod" else taken.wrapper
        reason = (f"Saved the state of the model inside the {wrapper} wrapper ({held}.{taken.attribute}) at "
                  f"{source.path.name}:{taken.line}: the wrapper's state_dict prefixes every key with "
                  f"'{taken.attribute}.', so the checkpoint did not load into the bare model")
        yield source.edit(source.replaced(calls[0].func.value, cst.parse_expression(inner)), taken.line, reason,
                          uses_torch=taken.wrapper in WRAPPER_CLASSES)
        return


def _subtree_of(saved: tuple[str, ...], missing: list[str]) -> bool:
    """The missing keys are all the saved keys under one prefix ("" for the whole model, "encoder."
    for a part the load picked out), BatchNorm counters aside."""
    first = missing[0]
    for key in saved:
        prefix = key[: len(key) - len(first)]
        if key.endswith(first) and (not prefix or prefix.endswith(".")):
            under = {k[len(prefix):] for k in saved if k.startswith(prefix)}
            if set(missing) <= under and all(k in missing or k.endswith("num_batches_tracked") for k in under):
                return True
    return False


def _stripped_prefix(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    prefix = _wrapper_prefix(diagnosis.message)
    if prefix is None:
        return
    for frame, source, load in failing_loads(diagnosis, workspace):
        stripped = cst.parse_expression(f'{{{load.key}.removeprefix("{prefix}"): {load.value} '
                                        f'for {load.key}, {load.value} in {load.held}.items()}}')
        reason = (f"Stripped the {prefix!r} prefix from the keys given to {source.code(load.call.func)}: the "
                  f"state dict was saved from a wrapped model (DataParallel/DDP or torch.compile), and every key "
                  f"it holds is the model's own behind that prefix")
        yield source.edit(source.replaced(load.given, stripped), frame.line, reason)
        return


# the entry of a training checkpoint that holds the model's own state dict, most telling first
STATE_DICT_ENTRIES = ("model_state_dict", "state_dict", "model_state", "model", "net", "network", "weights",
                      "params", "model_dict")


def _entry_picked(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """A whole training checkpoint (`{"epoch": 3, "model_state_dict": ..., "optimizer_state_dict": ...}`)
    handed to `load_state_dict`: every key it has is unexpected and none has a dot (no parameter is
    named like that), and one of them is where such checkpoints keep the model's weights."""
    missing, keys = _key_lists(diagnosis.message)
    if not missing or not keys or any("." in key for key in keys):
        return
    entry = next((e for e in STATE_DICT_ENTRIES if e in keys), None)
    if entry is None:
        return
    for frame, source, load in failing_loads(diagnosis, workspace):
        picked = cst.parse_expression(f'{load.held}["{entry}"]')
        reason = (f"Gave {source.code(load.call.func)} the checkpoint's \"{entry}\" entry instead of the whole "
                  f"checkpoint: it holds {', '.join(repr(k) for k in keys)}, and the model's weights are under "
                  f"\"{entry}\"")
        yield source.edit(source.replaced(load.given, picked), frame.line, reason)
        return


class StateDictKeys(Rule):
    categories = ("checkpoint.key_prefix", "checkpoint.missing_keys")

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        # best first: the line that made a wrapped checkpoint, then the load of one made elsewhere
        # (each of the last two reads the keys of its own kind of message only)
        yield from _unwrapped_at_save(diagnosis, workspace)
        yield from _stripped_prefix(diagnosis, workspace)
        yield from _entry_picked(diagnosis, workspace)
