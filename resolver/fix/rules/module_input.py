"""## What it does
Makes a layer's constructor argument match the input it is given, by one table of layers
(Linear in_features, Conv/ConvTranspose in_channels, RNN/LSTM/GRU input_size, LayerNorm
normalized_shape, BatchNorm/InstanceNorm num_features, GroupNorm num_channels, Embedding
num_embeddings, MultiheadAttention embed_dim). The number comes from the input the probe saw, not
from the message (torch words it differently in every layer and version); the argument is fixed
where its number is made (a config field, a constant, an `__init__` computation, a helper's
caller, the one config-file line the code reads it from); else it takes the width the input's
producer declares (the previous layer's `out_features`, an attention's `embed_dim`,
`hidden * (2 if bidirectional else 1)` with the recurrent layer's own flag, the parts of a
`torch.cat`), so that it follows that layer when a setting changes; a Linear after the flatten of
an image map takes channels x side x side, the side its image-size setting over the poolings the
code shows (`image_size // (2 ** len(channels))` for one pooling block per entry of `channels`),
and nothing when a setting states the size but the code does not show them; else the constructor's
argument is rewritten, keeping a computed argument computed. A relation on a nearby name
(`hidden * 2`, `width + width // 2`) is used only where a loop builds several sizes that all
show it, and a literal is written only over a literal: from one observation either would hold
only for today's settings, so nothing is proposed (the LLM, which reads intent, may try). An
embedding whose project numbers special ids after its count (`eos = cfg.vocab`) takes
`cfg.vocab + 1`; a vocabulary that keeps `most_common(vocab_size)` words and then adds its
special tokens keeps `vocab_size - len(specials)` words instead; an encoder whose codes start
past reserved ids (`{v: i + 1 for i, v in enumerate(values)}`: 0 for unseen values) while its
count returns `len(self.vocab)` gets the reserved ids in that count (`len(self.vocab) + 1`), so
every table and width built from it is right (resolver/fix/rules/_vocabulary.py).

## Why is this bad?
`mat1 and mat2 shapes cannot be multiplied`, `expected input[...] to have 3 channels, but got
1`, `input.size(-1) must be equal to input_size`, `index out of range in self`: the layer was
built for another input. Nothing is proposed, on purpose, when:
- the input lacks a dimension, so the number read would be the batch size (a `(N, H, W)`
  grayscale batch into Conv2d(1, ...) needs its channel dimension where the sample is made:
  `.unsqueeze(0)` in the Dataset's `__getitem__` is proposed instead when that is visible);
- the layer's weights were loaded from a checkpoint (another size would not load them);
- a Linear's width is the product of its input's trailing dimensions (`(N, 5, 5)` into `Linear(25)`);
- one expression builds differently sized layers, unless the argument is the loop variable
  itself and a relation of it (`feature * 2`) gives the number: that holds for every size;
- the number cannot be built (GroupNorm channels not divisible by its groups, an embedding
  dimension not divisible by the heads), or an embedding id is negative (bad data);
- the table is sized by an encoder's count whose codes start past reserved ids, and the ids pass it by
  another amount than that offset: made elsewhere (shifted again, another encoder), no table size fixes it;
- the input was read from a file the project's own code writes (a feature cache): it or the setting is stale;
- the Linear's width is exactly what the model's image-size setting (`img_size`, `out_size`)
  gives for the images it is given: the layer follows its setting, so the setting or the data is
  wrong (input_size_setting changes the setting where another setting states the data's size).

## Example
```python
@dataclass
class Config:
    in_features: int = 12

model = nn.Linear(cfg.in_features, 1)  # the data has 20 features
```

Use instead:
```python
@dataclass
class Config:
    in_features: int = 20
```
"""

from __future__ import annotations

import dataclasses
import re
from math import prod
from typing import Callable, Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Module, Tensor
from resolver.fix.retarget import rewrites
from resolver.fix.rules._arguments import ArgumentSource, argument_at, fix_argument
from resolver.fix.rules._definitions import at_caller, definition, parameter_of, trail
from resolver.fix.rules._feature_map import flattened_width
from resolver.fix.rules._image_size import size_setting
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._producer import producer_width
from resolver.fix.rules._project import config_file_edits
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, project_sources
from resolver.fix.rules._syntax import last_name, loop_targets
from resolver.fix.rules._vocabulary import count_offset, vocabulary_counts
from resolver.fix.rules._written_data import read_from_project_output
from resolver.write.edits import Change, Edit, Workspace


def _last(given: Tensor, layer: Module) -> int:
    return given.shape[-1]


def _channels(spatial: int) -> Callable[[Tensor, Module], int]:
    """Channels of a batched (N, C, *spatial) or unbatched (C, *spatial) input."""
    return lambda given, layer: given.shape[-spatial - 1]


def _second(given: Tensor, layer: Module) -> int:
    return given.shape[1]


def _rows(given: Tensor, layer: Module) -> int | None:
    return None if given.min is None or given.min < 0 else given.max + 1


@dataclasses.dataclass(frozen=True)
class Contract:
    argument: str  # the constructor parameter, also the module's attribute holding it
    index: int  # its position in the constructor
    unbatched: int | None  # the rank of one sample, where the layer takes one without a batch
    ranks: tuple[int, ...]  # every input rank the layer takes
    reads: Callable[[Tensor, Module], int | None]  # the number the input asks for


CONTRACTS: dict[str, Contract] = {
    "Linear": Contract("in_features", 0, 1, (1, 2, 3, 4, 5), _last),
    "LazyLinear": Contract("in_features", 0, 1, (1, 2, 3, 4, 5), _last),
    **{f"{kind}{d}d": Contract("in_channels", 0, d + 1, (d + 1, d + 2), _channels(d))
       for kind in ("Conv", "ConvTranspose") for d in (1, 2, 3)},
    **{kind: Contract("input_size", 0, 2, (2, 3), _last) for kind in ("RNN", "LSTM", "GRU")},
    "LayerNorm": Contract("normalized_shape", 0, 1, (1, 2, 3, 4, 5), _last),
    "BatchNorm1d": Contract("num_features", 0, None, (2, 3), _second),
    "BatchNorm2d": Contract("num_features", 0, None, (4,), _second),
    "BatchNorm3d": Contract("num_features", 0, None, (5,), _second),
    **{f"InstanceNorm{d}d": Contract("num_features", 0, d + 1, (d + 1, d + 2), _channels(d)) for d in (1, 2, 3)},
    "GroupNorm": Contract("num_channels", 1, None, (2, 3, 4, 5), _second),
    "Embedding": Contract("num_embeddings", 0, None, (1, 2, 3), _rows),
    "EmbeddingBag": Contract("num_embeddings", 0, None, (1, 2), _rows),
    "MultiheadAttention": Contract("embed_dim", 0, 2, (2, 3), _last),
}
# what must still divide the new number for the layer to be buildable
DIVISORS = {"GroupNorm": "num_groups", "MultiheadAttention": "num_heads"}


class ModuleInput(Rule):
    categories = ("shape.linear_in_features", "shape.conv_in_channels", "index.embedding", "shape.rnn_input_size",
                  "shape.layer_norm", "shape.norm_features", "shape.attention_embed_dim")

    def matches(self, diagnosis: Diagnosis) -> bool:
        layer = diagnosis.module
        return (super().matches(diagnosis) and layer is not None and layer.class_name in CONTRACTS
                and layer.qualname.startswith("torch.nn.")
                # with the batch folded into the features, the flatten is wrong, not the layer
                and not (layer.class_name == "Linear" and diagnosis.batch_folded))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        layer = diagnosis.module
        contract = CONTRACTS[layer.class_name]
        given = layer.inputs[0] if layer.inputs else None
        declared = _declared(layer, contract)
        if given is None or declared is None or layer.site is None or layer.loaded_weights:
            return
        if len(given.shape) not in contract.ranks or layer.attributes.get("groups", 1) != 1:
            return
        if _lacks_a_dimension(diagnosis, given, contract):
            if contract.argument == "in_channels":
                yield from _channel_dim_in_dataset(diagnosis, workspace, layer)
            return  # the number there is the batch size, not a feature count
        if contract.argument == "in_features" and any(prod(given.shape[-k:]) == declared
                                                      for k in range(2, len(given.shape))):
            return  # (N, 5, 5) into Linear(25): the features were never flattened, the layer is right
        needed = contract.reads(given, layer)
        if contract.argument == "num_embeddings" and needed is not None:
            needed = max(needed, _largest_id(diagnosis, given) + 1)
        if needed is None or needed == declared or (contract.argument == "in_channels" and given.shape[-1] == declared):
            return  # channels-last data (N, H, W, C): the data needs a permute, the layer is right
        if contract.argument == "in_features" and size_setting(diagnosis, workspace) is not None \
                or read_from_project_output(diagnosis, workspace, given) is not None:
            return  # the width follows an image-size setting, or a file the project writes: either may be wrong
        divisor = layer.attributes.get(DIVISORS.get(layer.class_name, ""), 1)
        if needed <= 0 or needed % divisor:
            return
        if contract.argument == "num_embeddings" and needed < declared:
            return
        why = _why(layer, contract, given, needed, declared)
        if contract.argument == "num_embeddings":
            links = trail(workspace, layer.site, contract.index, contract.argument)
            if links and count_offset(*links[-1][:2]) not in (None, needed - declared):
                return  # ids past their encoder's count + its reserved offset were made elsewhere: no table size
            yield from _ids_counted_not_ranged(diagnosis, workspace, layer, contract, needed)
            yield from vocabulary_counts(workspace, links, needed - declared, why)
            yield from _ids_after_the_count(workspace, layer, contract, declared, needed, why)
        flattened = flattened_width(diagnosis, workspace, layer, needed) if contract.argument == "in_features" else None
        if flattened is not None:  # a flattened image map: its size setting over its poolings, or no literal
            yield from flattened
            return
        # where the number is made first (a setting read only here), then the width its input's
        # producer declares, then the constructor's own argument
        found = definition(workspace, layer.site, contract.index, contract.argument)
        edits = list(found.edits(declared, needed, why)) if found is not None else []
        yield from edits or _config_file_setting(workspace, layer, contract, declared, needed, why)
        yield from _producer_width(diagnosis, workspace, layer, contract, needed, why)
        constructors = {f"torch.nn.{layer.class_name}", layer.qualname}
        plain = dataclasses.replace(layer, attributes={**layer.attributes, contract.argument: declared})
        yield from fix_argument(workspace, plain, constructors, contract.index, contract.argument, needed, why)
        yield from _loop_relation(workspace, layer, contract, declared, needed, why)


def _producer_width(diagnosis: Diagnosis, workspace: Workspace, layer: Module, contract: Contract, needed: int,
                    why: str) -> Iterator[Edit]:
    """The argument set to the width its input's producer declares (`hidden * (2 if bidirectional
    else 1)` after a recurrent layer's flag), so it follows that layer when the settings change."""
    if contract.argument == "num_embeddings":
        return  # ids, not a width: no layer makes them
    given = layer.inputs[0]
    if contract.reads is not _last and len(given.shape) == contract.unbatched:
        return  # one sample without its batch: which dimension is which is the caller's business
    channels = contract.reads is not _last and len(given.shape) > 2
    width = producer_width(workspace, diagnosis, layer, needed, channels)
    found = width and _constructor_argument(workspace, layer, contract)
    if found and found.source.module.code_for_node(found.arg.value) != width.code:
        yield _rewritten(found, width.code, f"{why}: the input comes from {width.producer}, whose width is {width.how}")


def _constructor_argument(workspace: Workspace, layer: Module, contract: Contract) -> ArgumentSource | None:
    return argument_at(workspace, layer.site, {f"torch.nn.{layer.class_name}", layer.qualname}, contract.index,
                       contract.argument)


def _rewritten(found: ArgumentSource, code: str, why: str) -> Edit:
    new_text, new_call = found.rewrite(code)
    reason = f"Changed {found.source.code(found.call)} to {new_call} {why}"
    return found.source.edit(new_text, found.source.line_of(found.call), reason)


# what the number counts, for the report
NOUNS = {"in_features": "features", "in_channels": "channels", "input_size": "features",
         "normalized_shape": "features", "num_features": "channels", "num_channels": "channels",
         "embed_dim": "embedding dimensions"}


def _why(layer: Module, contract: Contract, given: Tensor, needed: int, declared: int) -> str:
    if contract.argument == "num_embeddings":
        return (f"so that the largest index in the data ({needed - 1}) has a row "
                f"(layer {layer.path or layer.class_name} had {declared})")
    return (f"to match the {needed} {NOUNS[contract.argument]} it receives "
            f"(layer {layer.path or layer.class_name}, input {'x'.join(map(str, given.shape))})")


def _ids_counted_not_ranged(diagnosis: Diagnosis, workspace: Workspace, layer: Module, contract: Contract,
                            needed: int) -> Iterator[Edit]:
    """A table sized by how many distinct ids there are (`len(np.unique(ids))`, `ids.nunique()`,
    `len(set(ids))`) while the ids are not 0..n-1 (1-based keys, ids with gaps): a table needs a
    row for every id up to the largest, so the count becomes the largest id + 1 where it is made,
    whatever size that is (the smoke data holds only some of the ids)."""
    links = trail(workspace, layer.site, contract.index, contract.argument)
    if not links:
        return
    file, node, _ = links[-1]
    source = Source.parse(workspace, file.path)
    start = file.positions[node].start
    same = [n for n in source.nodes(type(node)) if source.positions[n].start == start] if source else []
    if len(same) != 1:
        return
    for step in Tracer(diagnosis, workspace).chain(source, same[0], None):
        counted = _distinct_count(step.node)
        if counted is None:
            continue
        kind, ids = counted
        code = step.source.module.code_for_node(ids)
        new = f"max({code}) + 1" if kind == "set" else f"int({code}.max()) + 1"
        reason = (f"Sized the {layer.path or layer.class_name} table by the largest id + 1 ({new}) instead of the "
                  f"number of distinct ids ({step.source.code(step.node)}): the ids do not run from 0 to n - 1 "
                  f"(the data holds id {needed - 1}, the table had {_declared(layer, contract)} rows)")
        yield step.source.edit(step.source.replaced(step.node, cst.parse_expression(new)),
                               step.source.line_of(step.node), reason)
        return


SPECIAL_ID = re.compile(r"(^|_)(eos|bos|sos|pad|unk|mask|sep|cls|blank|start|end|stop|null)(_|$|id|idx|token)",
                        re.IGNORECASE)


def _ids_after_the_count(workspace: Workspace, layer: Module, contract: Contract, declared: int, needed: int,
                         why: str) -> Iterator[Edit]:
    """Special ids numbered after the vocabulary (`eos = cfg.vocab`, `PAD = n_tokens + 1`): the
    code itself shows the table needs rows past the count, so it takes `count + k`, which holds for
    any vocabulary. From the observed id alone no such relation is known."""
    found = _constructor_argument(workspace, layer, contract)
    if found is None or not isinstance(found.arg.value, (cst.Name, cst.Attribute)):
        return
    count = found.source.module.code_for_node(found.arg.value)
    after = set()
    for source in project_sources(workspace):
        for assign in source.nodes(cst.Assign):
            names = [t.target for t in assign.targets if isinstance(t.target, (cst.Name, cst.Attribute))]
            value = assign.value
            offset = int(value.right.value) if isinstance(value, cst.BinaryOperation) \
                and isinstance(value.operator, cst.Add) and isinstance(value.right, cst.Integer) else 0
            base = value.left if offset else value
            if names and source.module.code_for_node(base) == count \
                    and any(SPECIAL_ID.search(last_name(n) or "") for n in names):
                after.add(offset)
    if after and max(after) + 1 == needed - declared:
        yield _rewritten(found, f"{count} + {needed - declared}",
                         f"{why}: the project numbers special ids after `{count}`")


def _distinct_count(node: cst.BaseExpression) -> tuple[str, cst.BaseExpression] | None:
    """("set" or "array", the ids) for `len(set(ids))`, `len(np.unique(ids))`, `len(ids.unique())`,
    `ids.nunique()`."""
    if not isinstance(node, cst.Call):
        return None
    if isinstance(node.func, cst.Attribute) and node.func.attr.value == "nunique" and not node.args:
        return "array", node.func.value
    if not (isinstance(node.func, cst.Name) and node.func.value == "len" and len(node.args) == 1):
        return None
    inner = node.args[0].value
    if not isinstance(inner, cst.Call):
        return None
    name = last_name(inner.func)
    if name == "set" and len(inner.args) == 1 and isinstance(inner.func, cst.Name):
        return "set", inner.args[0].value
    if name != "unique":
        return None
    if isinstance(inner.func, cst.Attribute) and not inner.args:
        return "array", inner.func.value  # ids.unique()
    return ("array", inner.args[0].value) if len(inner.args) == 1 and inner.args[0].keyword is None else None


def _largest_id(diagnosis: Diagnosis, given: Tensor) -> int:
    """The largest id over the whole dataset, where the probe scanned it: a smoke batch holds a
    few samples, and a table sized to their largest id fails on the next batch. The positions of
    the sample that hold ids at least as large as this batch's."""
    loader = diagnosis.loader
    per_sample = 1
    for size in given.shape[1:]:
        per_sample *= size
    # a part that holds one id per sample for a layer given one per sample, a sequence for a sequence
    # (a row of ids, one per categorical column, does not size one column's table)
    ranges = [pair for key, pair in loader.sample_ranges.items()
              if (loader.sample_sizes.get(key, per_sample) == 1) == (per_sample == 1)] if loader is not None else []
    return max([high for low, high in ranges if low >= 0 and high >= given.max] or [given.max])


def _declared(layer: Module, contract: Contract) -> int | None:
    value = layer.attributes.get(contract.argument)
    if isinstance(value, list):  # normalized_shape: only the one-dimensional kind
        value = value[0] if len(value) == 1 else None
    return value if type(value) is int else None


def _lacks_a_dimension(diagnosis: Diagnosis, given: Tensor, contract: Contract) -> bool:
    """A batch given in the unbatched rank: its first dimension is the batch, so the dimension
    the contract reads is not there. Told by the model's own input: the same leading size."""
    if len(given.shape) != contract.unbatched:
        return False
    outer = diagnosis.modules[0].inputs[0] if diagnosis.modules[0].inputs else None
    return outer is not None and bool(outer.shape) and outer.shape[0] == given.shape[0]


def _channel_dim_in_dataset(diagnosis: Diagnosis, workspace: Workspace, layer: Module) -> Iterator[Edit]:
    """A batch of samples without their channel dimension: add it where the sample is made, in
    the Dataset's `__getitem__` (`img = img.unsqueeze(0)` before `return img, label`)."""
    loader = diagnosis.loader
    loader_file = loader and loader.site and Source.parse(workspace, loader.site.file)
    call = loader_file and loader_file.call_at(loader.site)
    if call is None or not call.args:
        return
    dataset = call.args[0].value if call.args[0].keyword is None else None
    dataset = next((a.value for a in call.args if a.keyword and a.keyword.value == "dataset"), dataset)
    if not (isinstance(dataset, cst.Call) and isinstance(dataset.func, cst.Name)):
        return
    classes = [(f, c) for f in project_sources(workspace) for c in f.nodes(cst.ClassDef)
               if c.name.value == dataset.func.value]
    if len(classes) != 1:
        return
    file, cls = classes[0]
    getitem = [m for m in cls.body.body if isinstance(m, cst.FunctionDef) and m.name.value == "__getitem__"]
    returns = [r for r in file.nodes(cst.Return) if getitem and file.enclosing(r, cst.FunctionDef) is getitem[0]]
    if len(returns) != 1 or returns[0].value is None:
        return
    value = returns[0].value
    sample = value.elements[0].value if isinstance(value, cst.Tuple) and value.elements else value
    statement = file.parents[returns[0]]
    if not isinstance(sample, cst.Name) or not isinstance(statement, cst.SimpleStatementLine):
        return
    name = sample.value
    for code in (f"{name} = {name}.unsqueeze(0)", f"{name} = {name}[None]"):
        added = cst.parse_statement(f"{code}  # the channel dimension: ({layer.attributes['in_channels']}, ...)\n")
        text = file.module.deep_replace(statement, cst.FlattenSentinel([added, statement])).code
        reason = (f"Added `{code}` in {cls.name.value}.__getitem__: the samples have no channel dimension, so a "
                  f"batch of {diagnosis.module.inputs[0].shape[0]} reached layer {layer.path or layer.class_name} "
                  f"as {diagnosis.module.inputs[0].shape[0]} channels (in_channels stays "
                  f"{layer.attributes['in_channels']})")
        yield Edit((Change(file.path, file.text, text),), file.line_of(statement), reason)


def _loop_relation(workspace: Workspace, layer: Module, contract: Contract, declared: int, needed: int,
                   why: str) -> Iterator[Edit]:
    """One line in a loop builds a layer per size; when the argument is the loop variable and
    every size is off by the same factor (decoder blocks fed a skip concatenation: twice the
    channels), `feature * 2` fixes them all. A helper's parameter is followed to the helper's
    call in the loop: changing it inside the helper would change its other callers too."""
    file = Source.parse(workspace, layer.site.file)
    call = file and file.call_at(layer.site)
    arg = call and argument(call, contract.index, contract.argument)
    if arg is None:
        return
    node, site = arg.value, layer.site
    if isinstance(node, cst.Name) and parameter_of(file, node) and site.callers:
        site = site.callers[0]
        found = at_caller(workspace, file, node, site)
        if found is None:
            return
        file, node = found
    # the sizes differ by the loop's variable, or by the parameter of a helper called with several
    looped = isinstance(node, cst.Name) and node.value in loop_targets(file.parents, node)
    if site.variants < 2 or not isinstance(node, cst.Name) or (not looped and parameter_of(file, node) is None):
        return
    call = file.enclosing(node, cst.Call)
    # a scale is one relation for every size, so is a width plus a fraction of itself (a concatenated
    # skip); and one more row per table (a reserved id: unknown, padding)
    name = node.value
    for rewrite in rewrites(name, {name: declared}, needed):
        words = rewrite.code.split()
        scale = len(words) == 3 and words[1] in ("*", "//")
        skip = contract.argument != "num_embeddings" and words[:4] == [name, "+", name, "//"]
        reserved = contract.argument == "num_embeddings" and words == [name, "+", "1"]
        if rewrite.kept_names and (scale or skip or reserved):
            new_call = call.deep_replace(node, cst.parse_expression(rewrite.code))
            text = file.module.deep_replace(call, new_call).code
            each = (f"the loop builds one layer per `{node.value}`" if looped
                    else f"this line builds one layer per `{node.value}` it is given")
            reason = (f"Changed {file.code(call)} to {' '.join(file.module.code_for_node(new_call).split())} {why}; "
                      f"{each}, each given {rewrite.code}")
            yield Edit((Change(file.path, file.text, text),), file.line_of(call), reason)


def _config_file_setting(workspace: Workspace, layer: Module, contract: Contract, declared: int, needed: int,
                         why: str) -> Iterator[Edit]:
    """The number read from a config file (`MODELS[name](**cfg["model"])`, `cfg.model.in_dim`,
    `Net(cfg["model"]["in_channels"])` handed on through a helper's loop): the one line of the
    project's JSON/YAML/TOML files that sets the setting the argument comes from (a parameter it
    is passed through, an attribute or key it is read with) to that number."""
    keys = set()
    for file, node, _ in trail(workspace, layer.site, contract.index, contract.argument):
        if isinstance(node, cst.Attribute):
            keys.add(node.attr.value)
        elif isinstance(node, cst.Subscript) and len(node.slice) == 1:
            key = getattr(node.slice[0].slice, "value", None)
            value = getattr(key, "evaluated_value", None)
            if isinstance(value, str):
                keys.add(value)
        elif isinstance(node, cst.Name) and parameter_of(file, node) is not None:
            keys.add(node.value)
    edits = config_file_edits(workspace, keys, declared, needed, f"(where the setting is made) {why}")
    if len(edits) == 1:
        yield edits[0]
