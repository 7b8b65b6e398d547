"""The CTC loss a padding collate must agree with. Targets padded with zeros reach `CTCLoss` as
the blank (class 0); its `target_lengths` must then count the labels, not the padded width:
`torch.full((bs,), targets.size(1))` would train every short target with blanks as labels. Lengths
the batches carry (each sample's own) stay as they are."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from resolver.fix.rules._source import Source, argument, parsed, project_sources
from resolver.fix.rules._syntax import bound_names
from resolver.write.edits import Change, Workspace

CTC_MODULES = frozenset({"torch.nn.CTCLoss", "torch.nn.modules.loss.CTCLoss"})
CTC_FUNCTIONS = frozenset({"torch.nn.functional.ctc_loss", "torch.ctc_loss"})


@dataclass(frozen=True)
class CtcLengths:
    """What padding the targets with `padding` asks of the project's CTC losses: the changes that
    count the labels where the target lengths are made, or that no change is sure (`sure` False:
    a blank that is not the padding, lengths that are not the padded width of the targets)."""

    sure: bool
    changes: tuple[Change, ...] = ()


def _ctc_calls(source: Source) -> list[tuple[cst.Call, cst.Call | None]] | None:
    """(the loss call, the `CTCLoss(...)` construction that gives its blank, or None for `ctc_loss`);
    None when a `CTCLoss(...)` built here is not called here (handed to a train step in another
    file): its targets' lengths are made where it is called, which is not followed."""
    built = {}
    for assign in source.nodes(cst.Assign):
        if source.calls(assign.value, CTC_MODULES) and len(assign.targets) == 1:
            built[source.code(assign.targets[0].target)] = assign.value
    found = []
    for call in source.nodes(cst.Call):
        if source.calls(call, CTC_FUNCTIONS):
            found.append((call, call))
        elif source.calls(call.func, CTC_MODULES):
            found.append((call, call.func))
        elif source.code(call.func) in built:
            found.append((call, built[source.code(call.func)]))
    called = [construction for _, construction in found]
    # `CTCLoss(blank=0)(...)` names the class too: a construction is the call whose callee is a name
    if any(not any(c is construction for c in called) for construction in source.nodes(cst.Call)
           if source.calls(construction, CTC_MODULES) and not isinstance(construction.func, cst.Call)):
        return None
    return found


def _blank(construction: cst.Call, functional: bool) -> int | None:
    given = argument(construction, 4, "blank") if functional else argument(construction, 0, "blank")
    if given is None:
        return 0
    return int(given.value.value) if isinstance(given.value, cst.Integer) else None


def _padded_width(value: cst.CSTNode, targets: str, source: Source) -> bool:
    """`targets.size(1)` or `targets.shape[1]` inside the expression."""
    return any(source.code(n) in (f"{targets}.size(1)", f"{targets}.shape[1]")
               for n in source.nodes((cst.Call, cst.Subscript), lambda n: n is value or source.within(n, value)))


def _from_the_batches(source: Source, call: cst.Call, lengths: str) -> bool:
    """The lengths are unpacked from the batches by a loop around the call in its function
    (`for feats, labels, label_lengths in loader:`): the samples give them, not the padded width."""
    loop = source.loop_of(call)
    while loop is not None and source.function_of(loop) is source.function_of(call):
        if isinstance(loop, cst.For) and lengths in bound_names(loop.target):
            return True
        loop = source.loop_of(loop)
    return False


def _counted(source: Source, call: cst.Call, padding: int) -> str | None:
    """The file's text with the target lengths of the call counted from the padding, or None."""
    targets, lengths = argument(call, 1, "targets"), argument(call, 3, "target_lengths")
    if targets is None or lengths is None or not isinstance(targets.value, cst.Name) \
            or not isinstance(lengths.value, cst.Name):
        return None
    function = source.function_of(call)
    assigned = [a for a in source.nodes(cst.Assign) if source.function_of(a) is function and len(a.targets) == 1
                and source.code(a.targets[0].target) == lengths.value.value]
    name = targets.value.value
    if not assigned and _from_the_batches(source, call, lengths.value.value):
        return source.text  # each sample's own length: the padding leaves it right
    if len(assigned) != 1 or not _padded_width(assigned[0].value, name, source):
        return None
    counted = f"({name} != {padding}).sum(dim=1)"
    dtype = argument(assigned[0].value, 99, "dtype") if isinstance(assigned[0].value, cst.Call) else None
    if dtype is not None:
        counted += f".to({source.code(dtype.value)})"
    return source.replaced(assigned[0].value, cst.parse_expression(counted))


def ctc_lengths(workspace: Workspace, padding: int | None, edited: dict[Path, str]) -> CtcLengths:
    """The changes that make each CTC loss of the project count its targets' labels, when the
    targets come padded with `padding` (None: the project's padding id, whose value is its own),
    on top of the texts the fix already `edited` (a file's change then holds both)."""
    changes = []
    for original in project_sources(workspace):
        source = parsed(original.path, edited[original.path]) if original.path in edited else original
        calls = _ctc_calls(source) if source is not None else []
        if calls is None:
            return CtcLengths(False)
        if not calls:
            continue
        (call, construction), *more = calls
        # several losses: which one the padded field reaches is not known
        text = _counted(source, call, padding) if not more and padding is not None else None
        if _blank(construction, construction is call) != padding or text is None:
            return CtcLengths(False)  # the padding would be read as a label, or its lengths as labels
        if text != source.text:  # lengths the batches carry need no change
            changes.append(Change(original.path, original.text, text))
    return CtcLengths(True, tuple(changes))
