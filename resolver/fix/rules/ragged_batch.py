"""## What it does
Lets the default collate stack sequences of different lengths. A Dataset that crops a sequence
longer than a fixed length (`if wav.size(0) > self.max_length: wav = wav[start:start +
self.max_length]`) but leaves a shorter one short gets an `elif` that pads it with zeros to that
length, along the measured dimension. A Dataset that pads each sequence to a fixed length but never
cuts a longer one (`ids + [pad] * (self.max_length - len(ids))`) cuts it first: `ids =
ids[:self.max_length]`. A loader whose twin built beside it already passes the project's own collate
gets that one, and so does a loader in a file that imports (or defines) one collate function and
never uses it (`from data import detection_collate`). Otherwise the DataLoader gets a collate_fn
that pads them with `torch.nn.utils.rnn.pad_sequence`, and so do the loaders built beside it (a
validation twin holds the same samples); the helper goes in before the statement that builds the
first. Token ids are padded with the project's own padding id where it names one (`PAD_ID = 1`): a
model that finds lengths or masks by that id would count zeros as words. Where the project computes
a CTC loss, the zeros are its blank: the target lengths it gives the loss, written as the padded
width (`torch.full((bs,), targets.size(1))`), count the labels instead (`(targets != 0).sum(dim=1)`,
in the same edit); lengths the batches carry (`for x, y, y_lengths in loader:`) stay. A blank other
than 0, a padding id of the project's own, several CTC losses in one file, or lengths written some
other way (handed in by a caller): no collate is written, since padding a target with a value the
loss reads as a label changes what it learns.

## Why is this bad?
`stack expects each tensor to be equal size`: the default collate cannot stack samples of
different lengths. Only sequences are padded: token ids (integer) or frames (2-D and more).
Samples of different ranks (an (H, W) grayscale image among (3, H, W) colour ones) are not
sequences either. Floating vectors of varying length are records with different fields (two schemas, a feature
list that changed); padding them by position would misalign the features, so nothing is
proposed, unless the Dataset crops them to one length: then they are signals.

## Example
```python
loader = DataLoader(sentences, batch_size=8)
```

Use instead:
```python
def pad_batch(batch):
    return torch.nn.utils.rnn.pad_sequence(batch, batch_first=True)

loader = DataLoader(sentences, batch_size=8, collate_fn=pad_batch)
```
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._collate import (
    also_beside,
    collate_beside,
    collate_unused,
    loaders_beside,
    padding_id,
    with_collate,
    with_import,
)
from resolver.fix.rules._ctc import ctc_lengths
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, keyword_arg, names_in
from resolver.fix.rules._syntax import bound_names, constant_key, last_name
from resolver.write.edits import Edit, Workspace

HELPER = '''def pad_collate(batch):
    """Pads the variable-length tensors of a batch to the longest one."""
    def collate(items):
        if isinstance(items[0], {torch}.Tensor) and items[0].dim() > 0 and len({{t.shape for t in items}}) > 1:{padding}
            return {torch}.nn.utils.rnn.pad_sequence(list(items), batch_first=True{padded})
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
        if any(len(kind) > 2 and not kind[2] for kind in loader.ragged.values()):
            return  # samples of different ranks (a grayscale image among colour ones): no length to pad
        # images of every orientation (height and width both vary): cropped to the size the code states
        if loader.ragged and all(kind[0].startswith(("float", "bfloat")) and kind[1] == 3
                                 and list(kind[2:3]) == [[1, 2]] for kind in loader.ragged.values()):
            yield from _shorter_side_resized(workspace, loader)
        dataset = Source.parse(workspace, loader.dataset_file) if loader.dataset_file is not None else None
        # a crop to a fixed length says the vectors are signals of one intended length, not records
        ranks = {kind[1] for kind in loader.ragged.values()}
        ids = any(not kind[0].startswith(("float", "bfloat")) for kind in loader.ragged.values())
        # ids padded with zeros where the project names its own padding id would read as words
        if dataset is not None and len(ranks) == 1 and not (ids and padding_id(workspace, dataset)):
            yield from _padding_missing(dataset, next(iter(ranks)))
        if any(kind[1] == 1 and kind[0].startswith(("float", "bfloat")) for kind in loader.ragged.values()):
            return
        yield from _truncation_missing(dataset)
        source = Source.parse(workspace, loader.site.file)
        call = source and source.call_at(loader.site)
        if call is None:
            return
        twin, unused = collate_beside(source, call), collate_unused(workspace, source, call)
        if twin is not None or unused is not None:
            given = call.with_changes(args=[*call.args, keyword_arg("collate_fn", twin or unused)])
            whose = "as the DataLoader built beside it has" if twin else "the project's own, never used in this file"
            reason = (f"Gave {source.code(call)} collate_fn={twin or unused}, {whose}: its samples have different "
                      "lengths, and the project's own collate batches them")
            yield source.edit(source.replaced(call, given), source.line_of(call), reason)
        calls = loaders_beside(source, call)
        pad = padding_id(workspace, source)
        padding = f"\n            pad = 0 if items[0].is_floating_point() else {pad.name}" if pad else ""
        helper = HELPER.format(torch=source.torch, padding=padding, padded=", padding_value=pad" if pad else "")
        new_text = with_collate(source, calls, helper)
        if new_text is None:
            return
        if pad is not None and pad.imported:
            new_text = with_import(new_text, pad.imported)
        ctc = ctc_lengths(workspace, 0 if pad is None else None, {source.path: new_text})
        if not ctc.sure:
            return  # the padding would reach a CTC loss as labels: the lengths must come with it
        also = also_beside(calls)
        reason = (f"Added collate_fn=pad_collate to {source.code(call)}{also}: its samples have different lengths, "
                  "so they are padded with pad_sequence instead of stacked")
        if pad is not None:
            reason += f", token ids with the project's {pad.name} ({pad.where})"
        if ctc.changes:
            reason += ("; the CTC loss counts each target's labels (not the padded width), since 0 is its blank and "
                       "the padding would be read as labels")
        counted = {change.file: change for change in ctc.changes}
        edit = source.edit(counted.pop(source.path).after if source.path in counted else new_text,
                           source.line_of(call), reason, uses_torch=True)
        yield Edit((*edit.changes, *counted.values()), edit.line, edit.reason)


def _shorter_side_resized(workspace: Workspace, loader) -> Iterator[Edit]:
    """`Resize(24)` in a `Compose` matches the shorter side and keeps the aspect ratio: with no crop
    after it, images of other shapes stay of other sizes. A `CenterCrop` of the same size follows it,
    in every such Compose of the one file that has them, the loader's or its Dataset's (a validation
    twin holds the same images)."""
    found: dict[Path, list] = {}
    files = {f for f in (loader.dataset_file, loader.site.file) if f is not None}
    for source in filter(None, (Source.parse(workspace, f) for f in files)):
        for compose in source.nodes(cst.Call, lambda c: last_name(c.func) == "Compose" and len(c.args) == 1
                                    and isinstance(c.args[0].value, cst.List)):
            elements = compose.args[0].value.elements
            for i, element in enumerate(elements):
                resize = element.value
                if _shorter_side(resize) and not any(_sizes(e.value) for e in elements[i + 1:]):
                    if isinstance(resize.func, cst.Attribute):  # `T.Resize` -> `T.CenterCrop`, the same module
                        cropper = resize.func.with_changes(attr=cst.Name("CenterCrop"))
                        crop = cst.Call(cropper, [cst.Arg(resize.args[0].value)])
                        found.setdefault(source.path, []).append((source, element, crop))
    if len(found) != 1:
        return
    edits = next(iter(found.values()))
    source = edits[0][0]
    replacements = {}
    for _, element, crop in edits:
        added = cst.Element(crop, comma=element.comma)
        comma = element.comma if isinstance(element.comma, cst.Comma) \
            else cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        replacements[element] = cst.FlattenSentinel([element.with_changes(comma=comma), added])
    new_text = replaced_all(source.module, replacements)
    _, first, crop = edits[0]
    reason = (f"Added {source.code(crop)} after {source.code(first.value)}: Resize with one size matches "
              "the shorter side and keeps the aspect ratio, so images of other shapes came out at other sizes "
              "and the default collate cannot stack them")
    yield source.edit(new_text, source.line_of(first.value), reason)


def _shorter_side(node: cst.BaseExpression) -> bool:
    """`Resize(24)`, `T.Resize(size)`: one size, not a (height, width) pair."""
    return isinstance(node, cst.Call) and last_name(node.func) == "Resize" and len(node.args) >= 1 \
        and node.args[0].keyword is None and not isinstance(node.args[0].value, (cst.Tuple, cst.List))


def _sizes(node: cst.BaseExpression) -> bool:
    """A step after which every image has one size: a crop or a resize to a pair."""
    name = last_name(node.func) if isinstance(node, cst.Call) else None
    return bool(name) and ("Crop" in name or name == "Resize" and not _shorter_side(node))


def _truncation_missing(source: Source | None) -> Iterator[Edit]:
    """The Dataset pads every sequence to a fixed length (`ids + [pad] * (self.max_length - len(ids))`)
    and never cuts one that is longer: a negative count pads nothing, and that sample stays long.
    The sequence is cut to the length first (`ids = ids[:self.max_length]`), as the padding intends."""
    if source is None:
        return
    for product in source.nodes(cst.BinaryOperation, lambda n: isinstance(n.operator, cst.Multiply)):
        if not isinstance(product.left, cst.List) and not isinstance(product.right, cst.List):
            continue
        count = product.right if isinstance(product.left, cst.List) else product.left
        function = source.function_of(product)
        shortfall = _shortfall(source, function, count)
        if function is None or shortfall is None:
            continue
        length, sequence = shortfall
        statement = source.statement_at(source.line_of(sequence))
        if not isinstance(statement, cst.SimpleStatementLine) or source.function_of(statement) is not function:
            continue
        text, line = _cut_where_made(source, function, statement, sequence.value, length)
        reason = (f"Cut {sequence.value} to {source.code(length)} where it is made in {function.name.value}, before "
                  f"it is padded: a longer sequence got no padding and no cut, so the samples differ in length")
        yield source.edit(text, line, reason)
        return


def _padding_missing(source: Source, dims: int) -> Iterator[Edit]:
    """The Dataset crops a sequence longer than a fixed length (`if wav.size(0) > self.max_length:
    wav = wav[start:start + self.max_length]`) and leaves a shorter one as it is: the `if` gets an
    `elif` that pads it to that length at the end of the measured dimension, with zeros."""
    for branch in source.nodes(cst.If, lambda n: n.orelse is None):
        for comparison in source.nodes(cst.Comparison, lambda n: n is branch.test or source.within(n, branch.test)):
            found = _longer_than(comparison)
            if found is None:
                continue
            name, measured, dim, length = found
            cut = [a for a in source.nodes(cst.Assign, lambda a: source.within(a, branch.body))
                   if [bound_names(t.target) for t in a.targets] == [{name}] and isinstance(a.value, cst.Subscript)
                   and names_in(a.value.value) == [name] and source.code(length) in source.code(a.value.slice[0])]
            dim = dim + dims if dim < 0 else dim
            if not cut or not 0 <= dim < dims:
                continue
            shortfall = f"{source.code(length)} - {source.code(measured)}"
            widths = ", ".join(["0, 0"] * (dims - 1 - dim) + ["0", shortfall])
            shorter = cst.parse_expression(f"{source.code(measured)} < {source.code(length)}")
            padded = cst.parse_statement(f"{name} = {source.torch}.nn.functional.pad({name}, ({widths}))\n")
            test = branch.test.deep_replace(comparison, shorter) if comparison is not branch.test else shorter
            new = branch.with_changes(orelse=cst.If(test=test, body=cst.IndentedBlock(body=[padded])))
            reason = (f"Padded {name} with zeros to {source.code(length)} where the Dataset crops a longer one "
                      f"(line {source.line_of(branch)}): a shorter one kept its own length, so the samples differ "
                      "in length and the default collate cannot stack them")
            yield source.edit(source.replaced(branch, new), source.line_of(branch), reason, uses_torch=True)
            return


def _longer_than(comparison: cst.Comparison):
    """(name, measured, dim, length) for `x.size(0) > L`, `x.shape[-1] >= L`, `len(x) > L` or `L < len(x)`."""
    if len(comparison.comparisons) != 1:
        return None
    target = comparison.comparisons[0]
    if isinstance(target.operator, (cst.GreaterThan, cst.GreaterThanEqual)):
        measured, length = comparison.left, target.comparator
    elif isinstance(target.operator, (cst.LessThan, cst.LessThanEqual)):
        measured, length = target.comparator, comparison.left
    else:
        return None
    if isinstance(measured, cst.Call) and isinstance(measured.func, cst.Name) and measured.func.value == "len" \
            and len(measured.args) == 1 and isinstance(measured.args[0].value, cst.Name):
        return measured.args[0].value.value, measured, 0, length
    if isinstance(measured, cst.Call) and isinstance(measured.func, cst.Attribute) \
            and measured.func.attr.value == "size" and len(measured.args) == 1:
        owner, index = measured.func.value, measured.args[0].value
    elif isinstance(measured, cst.Subscript) and isinstance(measured.value, cst.Attribute) \
            and measured.value.attr.value == "shape" and len(measured.slice) == 1:
        owner, index = measured.value.value, getattr(measured.slice[0].slice, "value", None)
    else:
        return None
    dim = constant_key(cst.Subscript(cst.Name("x"), [cst.SubscriptElement(cst.Index(index))])) if index else None
    if not isinstance(owner, cst.Name) or not isinstance(dim, int):
        return None
    return owner.value, measured, dim, length


def _cut_where_made(source: Source, function: cst.FunctionDef, measured: cst.SimpleStatementLine, name: str,
                    length: cst.BaseExpression) -> tuple[str, int]:
    """(the file's text, the line) with the sequence cut where it is made, so that every later use
    (a mask of `len(ids)` ones, the padding) sees the cut: `ids = encode(text)[:max_len]` when one
    plain assignment in the same block makes it, `ids = ids[:max_len]` after a statement that
    unpacks it, and before the padding's count when the function is handed it."""
    bound = source.line_of(measured)
    before = sorted((s for s in source.nodes(cst.SimpleStatementLine)
                     if source.function_of(s) is function and source.line_of(s) < bound), key=source.line_of)
    assigned = [{n for small in s.body for n in _assigned_names(small)} for s in before]
    made = [i for i, names in enumerate(assigned) if name in names]
    definition = before[made[-1]] if made else None
    later = set().union(*assigned[made[-1] + 1:]) if made else set()
    cut = cst.parse_statement(f"{name} = {name}[:{source.code(length)}]\n")
    if definition is None or source.parents.get(definition) is not source.parents.get(measured) \
            or later & set(names_in(length)):
        return source.replaced(measured, cst.FlattenSentinel([cut.with_changes(leading_lines=measured.leading_lines),
                                                              measured.with_changes(leading_lines=())])), bound
    assign = definition.body[0]
    if len(definition.body) == 1 and isinstance(assign, cst.Assign) and len(assign.targets) == 1 \
            and isinstance(assign.targets[0].target, cst.Name):
        value = assign.value
        if not isinstance(value, (cst.Call, cst.Name, cst.Attribute, cst.Subscript, cst.List, cst.ListComp)):
            value = value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        cut_value = cst.Subscript(value, [cst.SubscriptElement(cst.Slice(lower=None, upper=length))])
        return source.replaced(assign, assign.with_changes(value=cut_value)), source.line_of(definition)
    return source.replaced(definition, cst.FlattenSentinel([definition, cut])), source.line_of(definition) + 1


def _assigned_names(small: cst.BaseSmallStatement) -> set[str]:
    targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
        [small.target] if isinstance(small, (cst.AnnAssign, cst.AugAssign)) else []
    return set().union(*(bound_names(t) for t in targets))


def _shortfall(source: Source, function, count: cst.BaseExpression):
    """(length, sequence name) when `count` is `length - len(sequence)`, written there or in the
    one local assignment of the name it is."""
    if isinstance(count, cst.Name) and function is not None:
        values = [a.value for a in source.nodes(cst.Assign) if source.function_of(a) is function
                  and any(isinstance(t.target, cst.Name) and t.target.value == count.value for t in a.targets)]
        count = values[0] if len(values) == 1 else count
    if not (isinstance(count, cst.BinaryOperation) and isinstance(count.operator, cst.Subtract)):
        return None
    measured = count.right
    if not (isinstance(measured, cst.Call) and isinstance(measured.func, cst.Name) and measured.func.value == "len"
            and len(measured.args) == 1 and isinstance(measured.args[0].value, cst.Name)):
        return None
    return count.left, measured.args[0].value
