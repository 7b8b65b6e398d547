"""The DataLoaders of a run: where each was built, which one drew the batch that failed, and what
their samples hold, read after a crash (the None samples, the kind of a list sample, each
position's integer range, the positions of ragged shape).

Loaded by path by probe.py (load_beside), after facts.py and smoke.py, whose helpers it uses:
standard library only; torch is handed in by the caller."""

import os
import sys
import time

facts = sys.modules["_resolver_facts"]
smoke = sys.modules["_resolver_smoke"]

def none_samples(loader, budget_s=1.0, most=20000):
    """After the default collate met a None sample: how many of the dataset's samples are None,
    of how many read (spread over the dataset; bounded in time and samples)."""
    dataset = getattr(loader, "dataset", None)
    try:
        size = len(dataset)
    except TypeError:
        return None
    step = max(1, size // most)
    none = read = 0
    deadline = time.monotonic() + budget_s
    with smoke.random_state_kept():
        for i in range(0, size, step):
            if time.monotonic() > deadline:
                break
            try:
                sample = dataset[i]
            except Exception:
                continue
            read += 1
            none += sample is None
    return [none, read]


def sample_kinds(loader):
    """For a list where a tensor was expected: what each position of the dataset's first sample
    holds, "list[float]"/"list[int]" for a list of numbers (the default collate turns one into a
    list of per-position tensors), else its type's name. "*" is a sample that is itself such a list."""
    dataset = getattr(loader, "dataset", None)
    try:
        with smoke.random_state_kept():
            sample = dataset[0]
    except Exception:
        return {}

    def kind(value):
        if isinstance(value, (list, tuple)) and value:
            flat = [v for row in value for v in (row if isinstance(row, (list, tuple)) else [row])]
            if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in flat):
                return "list[float]" if any(isinstance(v, float) for v in flat) else "list[int]"
        return type(value).__name__

    if isinstance(sample, dict):
        return {str(key): kind(value) for key, value in sample.items()}
    if isinstance(sample, list) and kind(sample).startswith("list["):
        return {"*": kind(sample)}
    if isinstance(sample, (tuple, list)):
        return {str(i): kind(value) for i, value in enumerate(sample)}
    return {"*": kind(sample)}


class Loaders:
    """Where each DataLoader was built, and which one was drawing a batch (the last one that
    gave one, and the one whose batch raised)."""

    def __init__(self, torch, project):
        self.last = self.failed = None
        self.epoch = 0  # the most passes made over one loader
        loaders = self
        loader_class = torch.utils.data.DataLoader
        original_init, original_iter = loader_class.__init__, loader_class.__iter__
        torch_dir = os.path.dirname(os.path.realpath(torch.__file__)) + os.sep

        def __init__(self, *args, **kwargs):
            original_init(self, *args, **kwargs)
            frame = sys._getframe(1)
            while frame is not None and (frame.f_locals.get("self") is self
                                         or os.path.realpath(frame.f_code.co_filename).startswith(torch_dir)):
                frame = frame.f_back
            if frame is not None and facts.is_user_file(frame.f_code.co_filename, project):
                self._resolver_site = {"file": os.path.realpath(frame.f_code.co_filename),
                                       "position": facts.code_position(frame), "function": frame.f_code.co_name}

        def __iter__(self):
            self._resolver_passes = getattr(self, "_resolver_passes", 0) + 1
            if self._resolver_passes == 1:
                record_shard(self, torch)
            loaders.epoch = max(loaders.epoch, self._resolver_passes)
            iterator = original_iter(self)
            inner = getattr(iterator, "inner", iterator)  # smoke mode may wrap it
            try:
                # a strong reference: `for x, y in DataLoader(...)` drops the loader at once,
                # and the facts of the one that gave the failing batch are read after the crash
                inner._resolver_loader = lambda loader=self: loader
            except (AttributeError, TypeError):
                pass
            return iterator

        original_len = loader_class.__len__

        def __len__(self):
            LENGTHS_READ[0] += 1  # a schedule built after this may be sized by it (lr.py)
            return original_len(self)

        loader_class.__init__ = __init__
        loader_class.__iter__ = __iter__
        loader_class.__len__ = __len__

    @staticmethod
    def facts(loader):
        if loader is None:
            return None
        collate = loader.collate_fn
        try:
            size = len(loader.dataset)
        except TypeError:
            size = None
        return {
            "site": getattr(loader, "_resolver_site", None),
            "batch_size": getattr(loader, "_resolver_user_batch_size", loader.batch_size),
            "drop_last": loader.drop_last,
            "collate_fn": None if getattr(collate, "__module__", "").startswith("torch.")
            else getattr(collate, "__name__", "custom"),
            "dataset_size": size,
            "dataset": dataset_fact(loader.dataset),
            "order": batch_order(loader),
        }

    def as_dict(self):
        return {"last": self.facts(self.last and self.last()), "failed": self.facts(self.failed and self.failed())}


def batch_order(loader):
    """"shuffled" when the sampler draws samples at random, "ordered" only for torch's own
    SequentialSampler over a map-style dataset; None (unknown) otherwise: a stream (an IterableDataset
    decides its own order, a worker may interleave it), a sampler or batch sampler of the project's own."""
    data = sys.modules["torch"].utils.data  # loaded: the loader is one of its objects
    if isinstance(loader.dataset, data.IterableDataset):
        return None
    if loader.batch_sampler is not None and type(loader.batch_sampler) is not data.BatchSampler:
        return None  # the project's own batch sampler (a subclass too): its order is its own
    # a BatchSampler handed in as batch_sampler= draws from its own sampler, not the loader's default
    sampler = loader.batch_sampler.sampler if loader.batch_sampler is not None else loader.sampler
    if isinstance(sampler, (data.RandomSampler, data.SubsetRandomSampler, data.WeightedRandomSampler)):
        return "shuffled"
    if isinstance(sampler, data.distributed.DistributedSampler):
        return "shuffled" if sampler.shuffle else "ordered"
    return "ordered" if type(sampler) is data.SequentialSampler else None


LENGTHS_READ = [0]  # how many times the script asked a DataLoader its length (smoke mode's, a cut one)
SHARDS = {}  # a distributed rank's loaders: "file:line" of the loader -> batches in a full pass at the user's size


def record_shard(loader, torch):
    """How many batches a full pass of this rank's loader gives at the user's batch size (the
    smoke cut makes every rank's pass alike: the sampler's own length says what a real run does)."""
    dist = torch.distributed
    site = getattr(loader, "_resolver_site", None)
    if site is None or len(SHARDS) >= 8 or not (dist.is_available() and dist.is_initialized()) \
            or dist.get_world_size() < 2:
        return
    batches = full_pass(loader)
    if batches is not None:
        SHARDS[f"{site['file']}:{site['position'][0]}"] = batches


def full_pass(loader):
    """How many batches a full pass of the loader gives at the user's batch size (None when its
    sampler has no length): what a real epoch does, whatever the smoke cut."""
    try:
        user_size = getattr(loader, "_resolver_user_batch_size", loader.batch_size)
        if user_size is None and loader.batch_sampler is not None:  # the user's own batch sampler
            return len(loader.batch_sampler)
        samples, size = len(loader.sampler), user_size or 1
        return samples // size if loader.drop_last else -(-samples // size)
    except (TypeError, AttributeError, ZeroDivisionError):
        return None


def dataset_fact(dataset):
    """The dataset class whose samples a loader's batches hold, under Subset/random_split
    wrappers: rules trace a batch element back to its `__getitem__` (or TensorDataset call)."""
    cls = smoke.dataset_class(dataset)
    code = getattr(getattr(cls, "__getitem__", None), "__code__", None)
    file = os.path.realpath(code.co_filename) if code is not None else ""
    return {"class": cls.__name__, "qualname": f"{cls.__module__}.{cls.__qualname__}", "file": file}


FEW_VALUES = 32  # the distinct values a position may hold for the dataset's values to be reported


def sample_ranges(loader, torch, budget_s=2.0, most=20000):
    """For a target or embedding index out of bounds: the smallest and largest integer each
    position of the dataset's samples holds, over the whole dataset (a smoke batch of 2 shows too
    little to tell 1-based labels from a head one class short, or the largest token id), and how
    many integers a sample holds there (one label, a row of ids per categorical column, a
    sentence), and the values themselves where they are few. Bounded in time and samples."""
    import time

    dataset = getattr(loader, "dataset", None)
    try:
        size = len(dataset)
    except TypeError:
        return {}, {}, {}, {}
    ranges, sizes, levels, deadline = {}, {}, {}, time.monotonic() + budget_s
    for i in range(min(size, most)):
        if time.monotonic() > deadline:
            break
        try:
            sample = dataset[i]
        except Exception:
            return {}, {}, {}, {}
        for key, value in smoke.sample_items(sample, whole=False):
            if isinstance(value, torch.Tensor) and value.numel() and not value.is_floating_point() \
                    and not value.is_complex():
                low, high, count = int(value.min()), int(value.max()), value.numel()
            elif isinstance(value, int) and not isinstance(value, bool):
                low = high = value
                count = 1
            elif isinstance(value, (list, tuple)) and value and all(type(v) is int for v in value):  # token ids
                low, high, count = min(value), max(value), len(value)
            else:
                continue
            seen = ranges.get(str(key), (low, high))
            ranges[str(key)] = (min(seen[0], low), max(seen[1], high))
            sizes[str(key)] = max(sizes.get(str(key), 0), count)
            seen_levels = levels.setdefault(str(key), set())
            if len(seen_levels) <= FEW_VALUES:  # past that many values, how many more does not matter
                seen_levels |= set(value.unique()[:FEW_VALUES + 1].tolist() if isinstance(value, torch.Tensor)
                                   else value if isinstance(value, (list, tuple)) else [value])
    # masks saved as 8-bit images: whether the dataset's 0..255 holds only 0 and 255 (a binary mask)
    # or more (255 an unlabelled border around classes 0, 1, ...), which one batch cannot tell
    bytes_ = {key: min(len(seen), 3) for key, seen in levels.items() if tuple(ranges[key]) == (0, 255)}
    # the values themselves where they are few: classes 0..C-1 and one void label far beyond them
    # (225 on the borders) are not the labels of a head a few classes short (0..C+1)
    few = {key: sorted(seen) for key, seen in levels.items() if len(seen) <= FEW_VALUES}
    return {key: list(pair) for key, pair in ranges.items()}, sizes, bytes_, few


def ragged_positions(loader, torch, budget_s=1.0, most=64):
    """For samples the default collate could not stack: which positions of a sample hold tensors
    of different shapes, with their dtype, dimensions and the dimensions that vary (token ids of
    varying length can be padded; feature vectors of varying length cannot). Bounded in time and samples."""
    import time

    dataset = getattr(loader, "dataset", None)
    try:
        size = len(dataset)
    except TypeError:
        return {}
    shapes, kinds, deadline = {}, {}, time.monotonic() + budget_s
    for i in sorted({i * size // most for i in range(most)} if size > most else range(size)):  # spread: files sort rows
        if time.monotonic() > deadline:
            break
        try:
            sample = dataset[i]
        except Exception:
            return {}
        for key, value in smoke.sample_items(sample):
            if isinstance(value, torch.Tensor):
                shapes.setdefault(str(key), set()).add(tuple(value.shape))
                kinds[str(key)] = [str(value.dtype).replace("torch.", ""), value.dim()]
    return {key: kinds[key] + [_varying(seen)] for key, seen in shapes.items() if len(seen) > 1}


def _varying(shapes: set) -> list:
    """The dimensions whose size differs between samples of one rank (an image's height and width)."""
    rank = max(len(s) for s in shapes)
    return [d for d in range(rank) if len({s[d] for s in shapes if len(s) == rank}) > 1]


# per shuffling DistributedSampler: where it was built, the epoch of each pass by the line that ran it
SAMPLER_PASSES = []


def track_sampler_epochs(torch, project, most_samplers=4, most_passes=12):
    """Records each pass over a shuffling DistributedSampler with the epoch it shuffled with, by
    the user line that started the pass (a `for batch in loader:`) and the user frames around it:
    a sampler whose passes from one line all shuffle with one epoch never had set_epoch called,
    and each epoch shows every rank its samples in the same order."""
    sampler_class = torch.utils.data.distributed.DistributedSampler
    original_init, original_iter = sampler_class.__init__, sampler_class.__iter__

    def __init__(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        try:
            if getattr(self, "shuffle", False) and len(SAMPLER_PASSES) < most_samplers:
                built = facts.user_frames(sys._getframe(1), project, limit=1)
                self._resolve_passes = {"site": built[0] if built else None, "passes": {}, "stack": None}
                SAMPLER_PASSES.append(self._resolve_passes)
        except Exception as exc:
            facts.failed("recording a DistributedSampler", exc)

    def __iter__(self):
        try:
            record = getattr(self, "_resolve_passes", None)
            if record is not None:
                stack = facts.user_frames(sys._getframe(1), project)
                if stack:
                    epochs = record["passes"].setdefault(f"{stack[0]['file']}:{stack[0]['line']}", [])
                    if len(epochs) < most_passes:
                        epochs.append(self.epoch)
                    if len(epochs) == 2 and record["stack"] is None:
                        record["stack"] = stack
        except Exception as exc:
            facts.failed("recording a DistributedSampler's pass", exc)
        return original_iter(self)

    sampler_class.__init__, sampler_class.__iter__ = __init__, __iter__


def sampler_epochs():
    """The shuffling samplers passed over at least twice from one line, always with one epoch."""
    return [{"site": r["site"], "stack": r["stack"], "passes": max(len(e) for e in r["passes"].values()),
             "epoch": next(iter(e[0] for e in r["passes"].values() if len(e) >= 2))}
            for r in SAMPLER_PASSES if r["stack"] is not None
            and all(len(set(e)) == 1 for e in r["passes"].values() if len(e) >= 2)]
