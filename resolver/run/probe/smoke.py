"""Smoke mode: every DataLoader at the smoke batch size, each pass cut to its first few batches and
its last one, with the samples a real epoch would meet put back (index 0 and the last, each
part's extremes, a None sample); and the sample helpers it reads them with.

Loaded by path by probe.py (load_beside) in the user's interpreter: standard library only; torch
is handed in by the caller."""

import math
import sys
import time


class SmokeBatches:
    """A pass over a loader cut to its first few batches and its last one.

    The last batch keeps the size it would have at the user's batch size when that is smaller
    than the smoke batch size, so a real tail batch of one is still a batch of one here, and a
    tail that is only short because of the smaller smoke batch size is not invented.

    What the cut must not hide: the last batch is the end of the real last batch, and a shuffled
    loader's first pass also visits the dataset's first and last index (an off-by-one `__len__`
    fails on the last one in a real epoch), and passes after the second yield only their first
    and last batch, so every epoch of a long script still runs its whole loop, in little time."""

    def __init__(self, loader, inner, keep, smoke_size, user_size, forecast_share=0, accumulation=1):
        self.loader, self.inner, self.keep = loader, inner, keep
        self.smoke_size, self.user_size = smoke_size, user_size
        # for the memory forecast, the second and third head batches at 1/share and 2/share of the
        # user's batch (a sixteenth and an eighth at first, less where a run died at those): two sizes
        # whose peaks differ by far more than the allocator's noise. A script that steps once every k
        # batches (gradient accumulation, seen by an earlier run) draws k batches of each size, so that
        # each size fills whole optimizer steps after the first: a step's peak is its largest batch's
        self.sizes = [smoke_size] * keep
        self.forecasting = bool(forecast_share) and user_size is not None and user_size >= 2 * smoke_size \
            and keep >= 3
        self.forecast_draws = 3
        if self.forecasting:
            first = max(smoke_size, user_size // forecast_share)
            k = max(1, accumulation)
            self.forecast_draws = 3 * k
            self.keep = keep = max(keep, self.forecast_draws)
            self.sizes = [smoke_size] * k + [first] * k + [min(2 * first, user_size)] * k
            self.sizes += [smoke_size] * (keep - len(self.sizes))

    def _head_spans(self, head, head_end):
        """(start, end) of each head batch, at the sizes above."""
        spans, start = [], 0
        for b in range(head):
            end = min(start + self.sizes[b], head_end)
            if end <= start:
                break
            spans.append((start, end))
            start = end
        return spans

    def _plan(self, n):
        """(number of head batches, where the head ends, tail start index, tail size) for n sampled
        indices. The head ends where the real last batch starts, except for the memory forecast's
        draws: where the real batches before the last are too few to hold them (a whole dataset
        in one batch), they are taken from the last batch, ahead of its tail."""
        size, drop_last = self.user_size, self.loader.drop_last
        real_batches = n // size if drop_last else math.ceil(n / size)
        if real_batches == 0:
            return 0, 0, 0, 0
        tail_start = (real_batches - 1) * size
        tail_size = min(self.smoke_size, size if drop_last else n - tail_start)
        head_end = tail_start
        if self.forecasting:
            tail_end = min(tail_start + size, n)
            head_end = max(tail_start, min(tail_end - tail_size, sum(self.sizes[:self.forecast_draws])))
        head = min(self.keep, math.ceil(head_end / self.smoke_size))
        return head, head_end, tail_start, tail_size

    def _rebatches(self):
        return self.user_size is not None and hasattr(self.loader.sampler, "__len__")

    def _batches(self):
        passes = getattr(self.loader, "_resolver_passes", 1)
        if not self._rebatches() and passes == 1:  # the project's own batch sampler: its batches as it makes them
            batches = with_smallest_batch(list(self.inner), self.keep)
        elif not self._rebatches():
            batches = list(first_and_last(self.inner, self.keep))
        else:
            indices = list(self.loader.sampler)  # the whole draw: the random state moves as in a real pass
            head, head_end, tail_start, tail_size = self._plan(len(indices))
            batches = [indices[start:end] for start, end in self._head_spans(head, head_end)]
            if tail_size:  # the end of the real last batch: a sequential pass visits the last index too
                tail_end = min(tail_start + self.user_size, len(indices))
                batches.append(indices[tail_end - tail_size:tail_end])
        if passes == 1 and self._rebatches():
            visit_boundaries(self.loader, batches)
            visit_telling_samples(self.loader, indices, batches)
        if passes > 2 and len(batches) > 2:
            batches = [batches[0], batches[-1]]
        return batches

    def __iter__(self):
        return iter(self._batches())

    def __len__(self):
        if self._rebatches():
            head, head_end, _, tail_size = self._plan(len(self.loader.sampler))
            return len(self._head_spans(head, head_end)) + (1 if tail_size else 0)
        n = len(self.inner)
        return min(n, self.keep + 1)


def first_and_last(items, keep):
    """The first `keep` items and the last one."""
    last = sentinel = object()
    for i, item in enumerate(items):
        if i < keep:
            yield item
        else:
            last = item
    if last is not sentinel:
        yield last


def with_smallest_batch(batches, keep):
    """The project's batch sampler's first `keep` batches and its last, where the last kept head
    batch gives way to the smallest batch between them when that one is smaller than all those: a
    bucket's remainder batch of one is where a BatchNorm or a hard-coded batch size fails in a real
    epoch, and a smoke pass would meet it only by chance. The count is kept, as `len()` says."""
    head, middle = batches[:keep], batches[keep:-1]
    sizes = [len(b) if hasattr(b, "__len__") else math.inf for b in batches]
    if head and middle:
        small = min(range(keep, len(batches) - 1), key=sizes.__getitem__)
        if sizes[small] < min(sizes[:keep]) and sizes[small] < sizes[-1]:
            head[-1] = batches[small]
    return head + batches[-1:] if len(batches) > keep else head


def visit_boundaries(loader, batches):
    """Swap the dataset's first and last index into a shuffled pass that misses them."""
    import torch.utils.data

    if type(loader.sampler) is not torch.utils.data.RandomSampler or loader.sampler.data_source is not loader.dataset:
        return
    size = len(loader.dataset)
    taken = {i for batch in batches for i in batch}
    missing = [i for i in (0, size - 1) if i not in taken]
    slots = [(b, k) for b, batch in enumerate(batches) for k, i in enumerate(batch) if i not in (0, size - 1)]
    for index, (b, k) in zip(missing, slots):
        batches[b][k] = index


def visit_telling_samples(loader, indices, batches, budget_s=0.3):
    """Swap the samples that break a contract in a real epoch into the first batches: a None
    (when `__getitem__` can return one), and for each part of a sample the one with its largest
    and its smallest value (a label of 5 for a 5-way head, a token id past the vocabulary).
    A smoke pass draws a few batches; these would be met only by chance. Reads samples spread over
    the pass, bounded in time (a TensorDataset at once); the random state is put back, so the pass
    draws what it would have drawn."""
    if not batches or not batches[0]:
        return
    try:
        with random_state_kept():
            telling = telling_indices(loader, indices, budget_s)
        size = len(loader.dataset)
    except Exception:  # a dataset this search cannot read is the pass's to read, where it would; not a fact lost
        return
    taken = {i for batch in batches for i in batch}
    slots = [(b, k) for b, batch in enumerate(batches[:-1] or batches) for k, i in enumerate(batch)
             if i not in (0, size - 1)]
    for index, (b, k) in zip([i for i in dict.fromkeys(telling) if i not in taken], slots):
        batches[b][k] = index


def telling_indices(loader, indices, budget_s):
    """The indices of the samples worth a visit, most telling first: a None sample, then each
    integer part's largest and smallest, then each floating part's."""
    import torch

    dataset = loader.dataset
    if type(dataset) is torch.utils.data.TensorDataset and len(indices) == len(dataset):
        return tensor_extremes(dataset.tensors, torch)
    look_for_none = default_collate(loader) and may_return_none(dataset_class(dataset))
    step = max(1, len(indices) // 4096)
    order = [i for start in range(step) for i in indices[start::step]]  # spread first: bad rows cluster
    extremes, none = {}, []  # (integer?, part, "max"/"min") -> (value, index)
    deadline = time.monotonic() + budget_s
    for index in order:
        if time.monotonic() > deadline:
            break
        try:
            sample = dataset[index]
        except Exception:  # a sample that raises is the pass's to raise, where it would
            break
        if sample is None:
            if look_for_none:
                none = [index]
                break
            continue
        for part, value in sample_parts(sample, torch):
            for kind, found, better in (("max", value[0], float.__gt__), ("min", value[1], float.__lt__)):
                key = (value[2], part, kind)
                if key not in extremes or better(float(found), float(extremes[key][0])):
                    extremes[key] = (found, index)
    ordered = sorted(extremes, key=lambda key: (not key[0], key[2] != "max"))
    return none + [extremes[key][1] for key in ordered]


def sample_items(sample, whole=True):
    """(position, value) of each part of a sample: a dict's keys, a tuple's or list's indices, or
    the whole sample as position 0 (when `whole`)."""
    if isinstance(sample, dict):
        return sample.items()
    if isinstance(sample, (tuple, list)):
        return enumerate(sample)
    return [(0, sample)] if whole else ()


def sample_parts(sample, torch):
    """(part, (largest, smallest, integer?)) for each number or small tensor of a sample."""
    for part, value in sample_items(sample):
        if isinstance(value, torch.Tensor) and 0 < value.numel() <= 100_000 and not value.is_complex() \
                and value.dtype != torch.bool:
            yield part, (value.max().item(), value.min().item(), not value.is_floating_point())
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            yield part, (value, value, isinstance(value, int))
        elif isinstance(value, (list, tuple)) and value and all(type(v) is int for v in value):  # token ids
            yield part, (max(value), min(value), True)


def tensor_extremes(tensors, torch):
    """For a TensorDataset: each tensor's rows with the largest and smallest value, integer tensors first."""
    found = []
    for tensor in sorted(tensors, key=lambda t: t.is_floating_point()):
        if tensor.dim() == 0 or not tensor.numel() or tensor.numel() > 50_000_000 or tensor.is_complex() \
                or tensor.dtype == torch.bool:
            continue
        rows = tensor.reshape(len(tensor), -1)
        found += [int(rows.amax(1).argmax()), int(rows.amin(1).argmin())]
    return found


def default_collate(loader):
    import torch.utils.data

    return loader.collate_fn in (torch.utils.data.default_collate, torch.utils.data.dataloader.default_collate)


def dataset_class(dataset):
    """The class behind Subset/random_split wrappers."""
    for _ in range(8):
        inner = getattr(dataset, "dataset", None)
        if inner is None or not hasattr(dataset, "indices"):
            break
        dataset = inner
    return type(dataset)


MAY_RETURN_NONE = {}


def may_return_none(cls):
    """Whether the class's `__getitem__` has a `return None` (or a bare `return`) of its own."""
    import ast
    import inspect
    import textwrap

    function = getattr(cls, "__getitem__", None)
    code = getattr(function, "__code__", None)
    if code is None:
        return False
    if code not in MAY_RETURN_NONE:
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
        except (OSError, TypeError, SyntaxError):
            tree = None
        MAY_RETURN_NONE[code] = tree is not None and any(
            isinstance(node, ast.Return)
            and (node.value is None or isinstance(node.value, ast.Constant) and node.value.value is None)
            for node in ast.walk(tree))
    return MAY_RETURN_NONE[code]


class random_state_kept:
    """Python's, numpy's (if loaded) and torch's random states, put back on exit."""

    def __enter__(self):
        import random

        import torch

        numpy = sys.modules.get("numpy")
        self.states = [(random.setstate, random.getstate()), (torch.set_rng_state, torch.get_rng_state())]
        if numpy is not None:
            self.states.append((numpy.random.set_state, numpy.random.get_state()))
        return self

    def __exit__(self, *exc):
        for restore, state in self.states:
            restore(state)
        return False


class SmokeIterator:
    """Cuts a pass over an IterableDataset loader to its first few batches and its last (after
    the second pass: its first and last)."""

    def __init__(self, inner, keep):
        self.inner, self.keep, self.seen, self.done = inner, keep, 0, False

    def __iter__(self):
        return self

    def __next__(self):
        if self.done:
            raise StopIteration
        if self.seen < self.keep:
            self.seen += 1
            return next(self.inner)
        self.done = True
        last = sentinel = object()
        for last in self.inner:
            pass
        if last is sentinel:
            raise StopIteration
        return last

    def __len__(self):
        return min(len(self.inner), self.keep + 1)


def install_smoke_mode(torch, batch_size, keep, lowered, forecast_share=0, accumulation=1):
    """Smoke mode for every DataLoader; `lowered` collects the user batch sizes it lowered. With
    `forecast_share`, a pass's second and third batches are 1/share and 2/share of the user's batch
    (two sizes for the memory forecast); with `accumulation` k, k batches of each."""
    import inspect

    loader_class = torch.utils.data.DataLoader
    original_init = loader_class.__init__
    original_iter = loader_class.__iter__
    original_index_sampler = loader_class.__dict__["_index_sampler"]
    signature = inspect.signature(original_init)
    iterable_kind = torch.utils.data.dataloader._DatasetKind.Iterable

    def __init__(self, *args, **kwargs):
        bound = signature.bind(self, *args, **kwargs)
        user_size = bound.arguments.get("batch_size", 1)
        if bound.arguments.get("batch_sampler") is None and user_size is not None:
            bound.arguments["batch_size"] = min(user_size, batch_size)
            if user_size > batch_size and user_size not in lowered:
                lowered.append(user_size)
        original_init(*bound.args, **bound.kwargs)
        custom_batches = bound.arguments.get("batch_sampler") is not None
        self._resolver_user_batch_size = None if custom_batches else user_size

    def _index_sampler(self):
        inner = original_index_sampler.fget(self)
        if self._dataset_kind == iterable_kind or not hasattr(self, "_resolver_user_batch_size"):
            return inner
        return SmokeBatches(self, inner, keep, self.batch_size, self._resolver_user_batch_size, forecast_share,
                            accumulation)

    def __iter__(self):
        iterator = original_iter(self)
        if self._dataset_kind == iterable_kind:  # passes are counted by Loaders, which wraps this
            return SmokeIterator(iterator, keep if getattr(self, "_resolver_passes", 1) <= 2 else 1)
        return iterator

    loader_class.__init__ = __init__
    loader_class._index_sampler = property(_index_sampler)
    loader_class.__iter__ = __iter__
