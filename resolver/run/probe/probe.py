"""Runs the user's script inside the user's own interpreter and reports what happened.

This file is executed by path (`python probe.py ...`), never imported by resolver, and may
import nothing but the standard library and torch: the interpreter it runs in belongs to the
user and may not have resolver installed.

    probe.py --out FILE --project DIR [--batch-size N] [--batches K] [--full] [--anomaly]
             [--sandbox FILE] [--overlay FILE] [--status-fd FD]
             -- (SCRIPT | -m MODULE) [ARGS...]

--sandbox names resolve's JSON description of the run's sandbox (isolate.py enters it before
torch is imported); --overlay the proposed file texts to import instead of the files on disk,
for when the sandbox has no overlayfs upper layer to hold them.
--status-fd: a pipe for the counters as they change (resolve's live status line).

It writes one JSON object to --out: the outcome ("ok", "exception", "exit"), training
statistics, and for an exception the frames and runtime facts (which nn.Module failed, where it
was constructed, the tensors it was given).
"""

import importlib.machinery
import importlib.util
import json
import linecache
import math
import os
import runpy
import sys
import time
import traceback
import types
import weakref
from collections import defaultdict

PROBE_FILE = os.path.abspath(__file__)
MAX_TENSORS_PER_FRAME = 24
NO_SANDBOX = 98  # the kernel refused the overlay: resolve runs this again under the guard


class Options:
    def __init__(self, argv):
        self.out = None
        self.project = os.getcwd()
        self.batch_size = 2
        self.batches = 3
        self.full = False
        self.anomaly = False
        self.overlay = {}
        self.sandbox = None
        self.status_fd = None
        self.module = None
        self.script = None
        self.args = []
        i = 0
        while argv[i] != "--":
            flag = argv[i]
            if flag in ("--full", "--anomaly"):
                setattr(self, flag[2:], True)
                i += 1
                continue
            value = argv[i + 1]
            if flag == "--out":
                self.out = value
            elif flag == "--project":
                self.project = os.path.realpath(value)
            elif flag == "--batch-size":
                self.batch_size = int(value)
            elif flag == "--batches":
                self.batches = int(value)
            elif flag == "--status-fd":
                self.status_fd = int(value)
            elif flag == "--overlay":
                with open(value, encoding="utf-8") as f:
                    self.overlay = {os.path.realpath(p): text for p, text in json.load(f).items()}
            elif flag == "--sandbox":
                with open(value, encoding="utf-8") as f:
                    self.sandbox = json.load(f)
            i += 2
        rest = argv[i + 1:]
        if rest[0] == "-m":
            self.module, self.args = rest[1], rest[2:]
        else:
            self.script, self.args = rest[0], rest[1:]


PROBE_ERRORS = []  # the probe's own failures, for the report's probe_error (a few: the first say most)


def failed(doing, exc):
    """The probe broke while `doing`: say so in the report rather than leave a fact out silently."""
    if len(PROBE_ERRORS) < 5:
        PROBE_ERRORS.append(f"{doing}: {type(exc).__name__}: {exc}")


# --- facts --------------------------------------------------------------------------------

def tensor_fact(t, with_range=False):
    fact = {
        "shape": list(t.shape),
        "dtype": str(t.dtype).replace("torch.", ""),
        "device": str(t.device),
        "requires_grad": bool(t.requires_grad),
    }
    if with_range and t.numel() and not t.is_floating_point() and not t.is_complex():
        try:  # a meta or otherwise unreadable tensor has no values to report
            fact["min"], fact["max"] = int(t.min()), int(t.max())  # an index tensor: what it asks for
            if t.numel() <= 10**6:
                fact["unique"] = int(t.unique().numel())  # class labels: how many classes the data has
        except (RuntimeError, NotImplementedError):
            pass
    return fact


def value_facts(value, torch, depth=0):
    """Tensors inside an argument (tensor, or tuple/list/dict of them), as facts."""
    if isinstance(value, torch.Tensor):
        return tensor_fact(value, with_range=True)
    if depth < 2 and isinstance(value, (list, tuple)):
        return [value_facts(v, torch, depth + 1) for v in value[:8]]
    if depth < 2 and isinstance(value, dict):
        return {str(k): value_facts(v, torch, depth + 1) for k, v in list(value.items())[:8]}
    if isinstance(value, (int, float, bool, str)) or value is None:
        return value if not isinstance(value, str) else value[:80]
    return type(value).__name__


def is_user_file(path, project):
    path = os.path.realpath(path)
    if path == PROBE_FILE or not path.startswith(project + os.sep):
        return False
    return not any(part in ("site-packages", "dist-packages") for part in path.split(os.sep))


def code_position(frame):
    """(line, col, end_line, end_col) of the instruction a frame is executing."""
    line = frame.f_lineno
    positions = getattr(frame.f_code, "co_positions", None)
    if positions is not None and frame.f_lasti >= 0:
        for index, pos in enumerate(positions()):
            if index == frame.f_lasti // 2:
                if pos[0] is not None:
                    return [pos[0], pos[2], pos[1], pos[3]]
                break
    return [line, None, None, None]


def int_scope(frame):
    """Int values the code of a frame can name: locals, globals, and `obj.attr` / `obj["key"]`
    for the attribute names and string constants that code uses. Rules use them to keep a
    computed argument computed (`32 * 7 * 7`, `hidden // 2`) instead of writing a literal."""
    code = frame.f_code
    local_values, global_values = frame.f_locals, frame.f_globals
    attrs = set(code.co_names)
    keys = {c for c in code.co_consts if isinstance(c, str) and len(c) < 64}
    scope = {}
    names = set(code.co_varnames) | set(code.co_freevars) | set(code.co_cellvars) | attrs
    for name in names:
        if name in local_values:
            value = local_values[name]
        elif name in global_values:
            value = global_values[name]
        else:
            continue
        if type(value) is int:
            scope[name] = value
            continue
        if isinstance(value, (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.MethodType)):
            continue
        if isinstance(value, dict):
            for key in keys & set(value.keys()):
                if type(value[key]) is int:
                    scope[f"{name}[{key!r}]"] = value[key]
            continue
        fields = getattr(value, "__dict__", None)
        if isinstance(fields, dict):
            for attr in attrs & fields.keys():
                if type(fields[attr]) is int:
                    scope[f"{name}.{attr}"] = fields[attr]
    return scope


class ConstructionSites:
    """Where each nn.Module was constructed, recorded by wrapping nn.Module.__init__."""

    def __init__(self, torch, project):
        self.project = project
        self.torch_dir = os.path.dirname(os.path.realpath(torch.__file__)) + os.sep
        self.sites = weakref.WeakKeyDictionary()
        self.variants = None
        module_class = torch.nn.Module
        original_init = module_class.__init__
        sites = self

        def __init__(self, *args, **kwargs):
            original_init(self, *args, **kwargs)
            try:
                sites.record(self, sys._getframe(1))
            except Exception as exc:  # the user's module must still be built
                failed(f"recording where a {type(self).__name__} was built", exc)

        module_class.__init__ = __init__

    def record(self, module, frame):
        # Skip the __init__ chain of this very object and torch's own frames: the first frame
        # left is the expression that built the module (`nn.Linear(256, 10)`).
        while frame is not None and (
            frame.f_locals.get("self") is module
            or os.path.realpath(frame.f_code.co_filename).startswith(self.torch_dir)
        ):
            frame = frame.f_back
        if frame is None:
            return
        # The constructing frame and the user frames that called it: a layer built inside a
        # helper (`def block(i, o): return nn.Linear(i, o)`) takes its numbers from the caller.
        with_scope = type(module).__module__.startswith("torch.nn.")
        stack = []
        walker = frame
        while walker is not None and len(stack) < 4:
            if is_user_file(walker.f_code.co_filename, self.project):
                entry = {
                    "file": os.path.realpath(walker.f_code.co_filename),
                    "position": code_position(walker),
                    "function": walker.f_code.co_name,
                }
                if with_scope and len(stack) < 2:
                    entry["scope"] = int_scope(walker)
                stack.append(entry)
            walker = walker.f_back
        if not stack or stack[0]["file"] != os.path.realpath(frame.f_code.co_filename):
            return
        keys = [(entry["file"], *entry["position"]) for entry in stack[:2]]
        self.sites[module] = (keys, dict(stack[0], stack=stack[1:]))

    def site_of(self, module):
        try:
            entry = self.sites.get(module)
        except TypeError:
            return None
        if entry is None:
            return None
        keys, site = entry
        if self.variants is None:
            # Counted now, not at construction: Module.__init__ runs before a layer's own
            # __init__ has set in_features and friends.
            self.variants = defaultdict(set)
            for other, (other_keys, _) in list(self.sites.items()):
                configuration = (type(other).__qualname__, repr(sorted(module_attributes(other).items())))
                for depth in range(len(other_keys)):
                    self.variants[tuple(other_keys[: depth + 1])].add(configuration)
        # How many differently configured modules of its class this same expression built (a
        # layer in a loop over sizes, a helper called with other numbers): a rewrite there changes
        # them all. Of its class: a MultiheadAttention builds its out_proj Linear on the same line.
        kind = type(module).__qualname__

        def variants(key):
            return sum(1 for name, _ in self.variants[key] if name == kind)

        site = dict(site, variants=variants(tuple(keys[:1])))
        if len(keys) > 1:
            site["stack"] = [dict(site["stack"][0], variants=variants(tuple(keys)))] + site["stack"][1:]
        return site


def module_attributes(module):
    """Public hyper-parameters of a module (in_features, kernel_size, ...), JSON-friendly."""
    out = {}
    for name, value in vars(module).items():
        if name.startswith("_") or name == "training":
            continue
        if isinstance(value, (int, float, bool, str)) or value is None:
            out[name] = value
        elif isinstance(value, tuple) and all(isinstance(v, (int, float, bool)) for v in value):
            out[name] = list(value)
    return out


LOADED_WEIGHTS = weakref.WeakSet()  # modules whose parameters came from a checkpoint


def track_loaded_weights(torch):
    """Marks every module a load_state_dict filled (called on it or on a module holding it):
    its shapes are the checkpoint's, so a rule must not resize it."""
    original = torch.nn.Module.load_state_dict

    def load_state_dict(self, *args, **kwargs):
        result = original(self, *args, **kwargs)
        try:
            LOADED_WEIGHTS.update(self.modules())
        except Exception as exc:
            failed("marking modules whose weights a checkpoint filled", exc)
        return result

    torch.nn.Module.load_state_dict = load_state_dict


WRAPPERS = {"DataParallel": "module", "DistributedDataParallel": "module", "OptimizedModule": "_orig_mod",
            "AveragedModel": "module"}
WRAPPED_STATE_DICTS = []  # where user code took a wrapper's state_dict: its keys carry the wrapper's prefix


def track_wrapped_state_dicts(torch, project, most=8):
    """Records each line of the project that takes the state_dict of a DataParallel/DDP/compiled
    wrapper or an EMA/SWA AveragedModel, with the keys behind its prefix: the checkpoint it saves will not load into the bare
    model, and that line is where the fix belongs."""
    original = torch.nn.Module.state_dict

    def state_dict(self, *args, **kwargs):
        result = original(self, *args, **kwargs)
        try:
            attribute = WRAPPERS.get(type(self).__name__)
            caller = sys._getframe(1)
            if attribute and not args and not kwargs and is_user_file(caller.f_code.co_filename, project):
                where = (os.path.realpath(caller.f_code.co_filename), caller.f_lineno)
                if len(WRAPPED_STATE_DICTS) < most and all((w["file"], w["line"]) != where for w in WRAPPED_STATE_DICTS):
                    prefix = attribute + "."
                    WRAPPED_STATE_DICTS.append({
                        "file": where[0], "line": where[1], "wrapper": type(self).__name__, "attribute": attribute,
                        "keys": [k[len(prefix):] for k in list(result)[:400] if k.startswith(prefix)]})
        except Exception as exc:
            failed("recording a wrapper's state_dict", exc)
        return result

    torch.nn.Module.state_dict = state_dict


def failing_modules(tb, torch, sites):
    """The chain of nn.Module calls the exception went through, outermost first."""
    call_impl = torch.nn.Module._call_impl.__code__
    chain = []
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code is call_impl:
            module = frame.f_locals.get("self")
            if isinstance(module, torch.nn.Module) and all(m is not module for m, _ in chain):
                chain.append((module, frame.f_locals.get("args", ())))
        tb = tb.tb_next
    if not chain:
        return []
    root = chain[0][0]
    paths = {}
    for name, sub in root.named_modules(remove_duplicate=False):
        paths.setdefault(id(sub), name)
    facts = []
    for module, args in chain:
        cls = type(module)
        facts.append({
            "path": paths.get(id(module), "?"),
            "class": cls.__name__,
            "qualname": f"{cls.__module__}.{cls.__qualname__}",
            # a checkpoint's module is marked only when it is one, so other recordings keep their facts
            "attributes": dict(module_attributes(module), **({"loaded_weights": True} if module in LOADED_WEIGHTS else {})),
            "inputs": [value_facts(a, torch) for a in args],
            "site": sites.site_of(module),
        })
    return facts


def parameter_count(module):
    """None for a module whose nn.Module.__init__ never ran (it has no parameter table yet, and
    the error is that missing super().__init__())."""
    try:
        return sum(p.numel() for p in module.parameters())
    except AttributeError:
        return None


def container_lengths(dataset, torch) -> dict:
    """len() of the data a Dataset keeps (`{"self.labels": 6000}`), for an index read past its end:
    which containers are as long as the one read past. Only built-in sequences, tensors and numpy
    arrays: len() of a user object could run user code."""
    found = {}
    for name, value in list(getattr(dataset, "__dict__", {}).items())[:64]:
        kind = type(value)
        if kind in (list, tuple, range) or isinstance(value, torch.Tensor) \
                or (kind.__name__ == "ndarray" and kind.__module__ == "numpy"):
            try:
                found[f"self.{name}"] = len(value)
            except TypeError:  # a 0-d tensor or array
                pass
    return found


def frame_facts(tb, torch, project, index_error=False):
    frames = []
    while tb is not None:
        frame = tb.tb_frame
        filename = frame.f_code.co_filename
        if os.path.realpath(filename) == PROBE_FILE or filename.startswith("<frozen runpy"):
            tb = tb.tb_next
            continue
        user = is_user_file(filename, project)
        entry = {
            "file": os.path.realpath(filename) if os.path.exists(filename) else filename,
            "line": tb.tb_lineno,
            "function": frame.f_code.co_name,
            "user": user,
            "code": linecache.getline(filename, tb.tb_lineno).strip(),
        }
        if user:
            tensors, models = {}, {}
            for name, value in frame.f_locals.items():
                if isinstance(value, torch.Tensor) and len(tensors) < MAX_TENSORS_PER_FRAME:
                    tensors[name] = tensor_fact(value, with_range=True)
                elif isinstance(value, torch.nn.Module) and len(models) < 8 and parameter_count(value) is not None:
                    models[name] = [type(value).__name__, parameter_count(value)]  # "optimizer got an empty parameter list"
            entry["tensors"], entry["models"] = tensors, models
            if index_error and frame.f_code.co_name == "__getitem__":
                entry["lengths"] = container_lengths(frame.f_locals.get("self"), torch)
        frames.append(entry)
        tb = tb.tb_next
    return frames


# --- smoke mode -----------------------------------------------------------------------------

class SmokeBatches:
    """A pass over a loader cut to its first few batches and its last one.

    The last batch keeps the size it would have at the user's batch size when that is smaller
    than the smoke batch size, so a real tail batch of one is still a batch of one here, and a
    tail that is only short because of the smaller smoke batch size is not invented.

    What the cut must not hide: the last batch is the end of the real last batch, and a shuffled
    loader's first pass also visits the dataset's first and last index (an off-by-one `__len__` fails on the last one in a real epoch), and passes
    after the second yield only their first and last batch, so every epoch of a long script
    still runs its whole loop, in little time."""

    def __init__(self, loader, inner, keep, smoke_size, user_size):
        self.loader, self.inner, self.keep = loader, inner, keep
        self.smoke_size, self.user_size = smoke_size, user_size

    def _plan(self, n):
        """(number of head batches, tail start index, tail size) for n sampled indices."""
        size, drop_last = self.user_size, self.loader.drop_last
        real_batches = n // size if drop_last else math.ceil(n / size)
        if real_batches == 0:
            return 0, 0, 0
        tail_start = (real_batches - 1) * size
        tail_size = min(self.smoke_size, size if drop_last else n - tail_start)
        head = min(self.keep, math.ceil(tail_start / self.smoke_size))
        return head, tail_start, tail_size

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
            head, tail_start, tail_size = self._plan(len(indices))
            batches = [indices[b * self.smoke_size:min((b + 1) * self.smoke_size, tail_start)] for b in range(head)]
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
            head, _, tail_size = self._plan(len(self.loader.sampler))
            return head + (1 if tail_size else 0)
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
    slots = [(b, k) for b, batch in enumerate(batches[:-1] or batches) for k, i in enumerate(batch) if i not in (0, size - 1)]
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
        if isinstance(value, torch.Tensor) and 0 < value.numel() <= 100_000 and not value.is_complex() and value.dtype != torch.bool:
            yield part, (value.max().item(), value.min().item(), not value.is_floating_point())
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            yield part, (value, value, isinstance(value, int))
        elif isinstance(value, (list, tuple)) and value and all(type(v) is int for v in value):  # token ids
            yield part, (max(value), min(value), True)


def tensor_extremes(tensors, torch):
    """For a TensorDataset: each tensor's rows with the largest and smallest value, integer tensors first."""
    found = []
    for tensor in sorted(tensors, key=lambda t: t.is_floating_point()):
        if tensor.dim() == 0 or not tensor.numel() or tensor.numel() > 50_000_000 or tensor.is_complex() or tensor.dtype == torch.bool:
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
            isinstance(node, ast.Return) and (node.value is None or isinstance(node.value, ast.Constant) and node.value.value is None)
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
    with random_state_kept():
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
        with random_state_kept():
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


def install_smoke_mode(torch, batch_size, keep, lowered):
    """Smoke mode for every DataLoader; `lowered` collects the user batch sizes it lowered."""
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
        return SmokeBatches(self, inner, keep, self.batch_size, self._resolver_user_batch_size)

    def __iter__(self):
        iterator = original_iter(self)
        if self._dataset_kind == iterable_kind:  # passes are counted by Loaders, which wraps this
            return SmokeIterator(iterator, keep if getattr(self, "_resolver_passes", 1) <= 2 else 1)
        return iterator

    loader_class.__init__ = __init__
    loader_class._index_sampler = property(_index_sampler)
    loader_class.__iter__ = __iter__


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
            if frame is not None and is_user_file(frame.f_code.co_filename, project):
                self._resolver_site = {"file": os.path.realpath(frame.f_code.co_filename),
                                       "position": code_position(frame), "function": frame.f_code.co_name}

        def __iter__(self):
            self._resolver_passes = getattr(self, "_resolver_passes", 0) + 1
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

        loader_class.__init__ = __init__
        loader_class.__iter__ = __iter__

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
            "collate_fn": None if getattr(collate, "__module__", "").startswith("torch.") else getattr(collate, "__name__", "custom"),
            "dataset_size": size,
            "dataset": dataset_fact(loader.dataset),
        }

    def as_dict(self):
        return {"last": self.facts(self.last and self.last()), "failed": self.facts(self.failed and self.failed())}


def dataset_fact(dataset):
    """The dataset class whose samples a loader's batches hold, under Subset/random_split
    wrappers: rules trace a batch element back to its `__getitem__` (or TensorDataset call)."""
    cls = dataset_class(dataset)
    code = getattr(getattr(cls, "__getitem__", None), "__code__", None)
    file = os.path.realpath(code.co_filename) if code is not None else ""
    return {"class": cls.__name__, "qualname": f"{cls.__module__}.{cls.__qualname__}", "file": file}


def sample_ranges(loader, torch, budget_s=2.0, most=20000):
    """For a target or embedding index out of bounds: the smallest and largest integer each
    position of the dataset's samples holds, over the whole dataset (a smoke batch of 2 shows too
    little to tell 1-based labels from a head one class short, or the largest token id), and how
    many integers a sample holds there (one label, a row of ids per categorical column, a
    sentence). Bounded in time and samples."""
    import time

    dataset = getattr(loader, "dataset", None)
    try:
        size = len(dataset)
    except TypeError:
        return {}, {}
    ranges, sizes, deadline = {}, {}, time.monotonic() + budget_s
    for i in range(min(size, most)):
        if time.monotonic() > deadline:
            break
        try:
            sample = dataset[i]
        except Exception:
            return {}, {}
        for key, value in sample_items(sample, whole=False):
            if isinstance(value, torch.Tensor) and value.numel() and not value.is_floating_point() and not value.is_complex():
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
    return {key: list(pair) for key, pair in ranges.items()}, sizes


def ragged_positions(loader, torch, budget_s=1.0, most=64):
    """For samples the default collate could not stack: which positions of a sample hold tensors
    of different shapes, with their dtype and dimensions (token ids of varying length can be
    padded; feature vectors of varying length cannot). Bounded in time and samples."""
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
        for key, value in sample_items(sample):
            if isinstance(value, torch.Tensor):
                shapes.setdefault(str(key), set()).add(tuple(value.shape))
                kinds[str(key)] = [str(value.dtype).replace("torch.", ""), value.dim()]
    return {key: kinds[key] for key, seen in shapes.items() if len(seen) > 1}


class TrainingCounters:
    """Optimizer steps, backward passes and batches drawn: how far a run got. With a status
    file descriptor, they are also sent as they change (a JSON line at most every 0.25 s), for
    resolve's live status line."""

    def __init__(self, torch, loaders, status_fd=None):
        self.steps = self.backward = self.batches = 0
        self.loaders, self.status_fd, self.sent = loaders, status_fd, 0.0
        if status_fd is not None:
            os.set_blocking(status_fd, False)  # a slow reader must never stall training
        counters = self
        from torch.optim.optimizer import register_optimizer_step_post_hook

        register_optimizer_step_post_hook(self._on_step)
        original_backward = torch.autograd.backward

        def backward(*args, **kwargs):
            counters.backward += 1
            return original_backward(*args, **kwargs)

        torch.autograd.backward = backward
        iterator_class = torch.utils.data.dataloader._BaseDataLoaderIter
        original_next = iterator_class.__next__

        def __next__(self):
            try:
                item = original_next(self)
            except StopIteration:
                raise
            except BaseException:
                loaders.failed = getattr(self, "_resolver_loader", None)
                raise
            loaders.last = getattr(self, "_resolver_loader", None)
            counters.batches += 1
            counters.send()
            return item

        iterator_class.__next__ = __next__

    def _on_step(self, optimizer, args, kwargs):
        self.steps += 1
        self.send()

    def send(self):
        if self.status_fd is None or time.monotonic() - self.sent < 0.25:
            return
        self.sent = time.monotonic()
        try:
            os.write(self.status_fd, (json.dumps(dict(self.as_dict(), epoch=self.loaders.epoch)) + "\n").encode())
        except OSError:  # full pipe or reader gone: the next update will do
            pass

    def as_dict(self):
        return {"optimizer_steps": self.steps, "backward_calls": self.backward, "batches": self.batches}


# --- running the target ---------------------------------------------------------------------

class OverlayLoader(importlib.machinery.SourceFileLoader):
    """Imports a module from resolver's proposed text instead of the file on disk, so a fix is
    verified before a single byte of the user's file changes."""

    overlay = {}

    def get_code(self, fullname):
        return compile(self.overlay[os.path.realpath(self.path)], self.path, "exec", dont_inherit=True)

    def get_source(self, fullname):
        return self.overlay[os.path.realpath(self.path)]


class OverlayFinder:
    @staticmethod
    def find_spec(name, path=None, target=None):
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is not None and spec.origin and os.path.realpath(spec.origin) in OverlayLoader.overlay:
            spec.loader = OverlayLoader(name, spec.origin)
            return spec
        return None


def install_overlay(overlay):
    OverlayLoader.overlay = overlay
    for path, text in overlay.items():
        linecache.cache[path] = (len(text), None, text.splitlines(True), path)
    if overlay:
        sys.meta_path.insert(0, OverlayFinder)


def read_script(path, overlay):
    real = os.path.realpath(path)
    if real in overlay:
        return overlay[real]
    with open(path, "rb") as f:
        return f.read()


def run_script(path, args, overlay):
    """What `python SCRIPT ARGS` does: the script as __main__, its folder first on sys.path."""
    sys.argv = [path, *args]
    sys.path[0] = os.path.dirname(os.path.abspath(path))
    code = compile(read_script(path, overlay), path, "exec", dont_inherit=True)
    main = types.ModuleType("__main__")
    main.__file__ = path
    main.__builtins__ = __builtins__
    main.__loader__ = None
    main.__spec__ = None
    probe_main = sys.modules["__main__"]
    sys.modules["__main__"] = main
    try:
        exec(code, main.__dict__)
    finally:
        sys.modules["__main__"] = probe_main


def run_module(name, args):
    sys.argv = [name, *args]
    sys.path[0] = os.getcwd()
    runpy.run_module(name, run_name="__main__", alter_sys=True)


def print_user_traceback(exc):
    """The traceback Python would print, without the probe's own frames."""
    tb = exc.__traceback__
    while tb is not None and (
        os.path.realpath(tb.tb_frame.f_code.co_filename) == PROBE_FILE
        or tb.tb_frame.f_code.co_filename.startswith("<frozen runpy")
        or tb.tb_frame.f_code.co_filename == runpy.__file__
    ):
        tb = tb.tb_next
    traceback.print_exception(type(exc), exc, tb)


def write(out, report):
    if PROBE_ERRORS:
        report["probe_error"] = "; ".join(PROBE_ERRORS)
    with open(out, "w", encoding="utf-8") as f:
        json.dump({SCHEMA.VERSION_KEY: SCHEMA.VERSION, **report}, f, default=str)


def load_beside(filename):
    """A module beside this file (isolate.py, schema.py), under a name no user module has."""
    spec = importlib.util.spec_from_file_location(
        "_resolver_" + filename[:-3], os.path.join(os.path.dirname(PROBE_FILE), filename))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCHEMA = load_beside("schema.py")  # what the report holds, shared with resolve


def enter_sandbox(spec):
    """Enter the sandbox resolve prepared, while this process is still single-threaded.
    Returns the write guard, if that is the sandbox."""
    isolate = load_beside("isolate.py")
    if spec["mode"] == "overlay":
        isolate.enter_user_namespace()
        isolate.mount_overlays(spec["layers"])
        return None
    guard = isolate.WriteGuard(spec["roots"], spec["scratch"])
    guard.install()
    sys.dont_write_bytecode = True  # the import system writes bytecode past the guard
    return guard


def install(torch, options):
    """Every hook the probe puts into torch, in one place, before the script runs; returns what
    they record: (construction sites, loaders, training counters, lowered batch sizes)."""
    sites = ConstructionSites(torch, options.project)
    track_loaded_weights(torch)
    track_wrapped_state_dicts(torch, options.project)
    lowered = []
    if not options.full:
        install_smoke_mode(torch, options.batch_size, options.batches, lowered)
    loaders = Loaders(torch, options.project)
    counters = TrainingCounters(torch, loaders, options.status_fd)
    if options.anomaly:
        torch.autograd.set_detect_anomaly(True)  # prints the forward call behind a backward error
    return sites, loaders, counters, lowered


def main(argv):
    options = Options(argv)
    # Output reaches resolve as it is printed, as it would reach a terminal: line by line.
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(line_buffering=True)
        except (AttributeError, ValueError):
            pass
    guard = None
    if options.sandbox and options.sandbox["mode"] == "overlay":
        try:
            enter_sandbox(options.sandbox)
        except Exception as exc:  # SandboxUnavailable, or a libc ctypes cannot use
            write(options.out, {"outcome": "no_sandbox", "message": str(exc)})
            return NO_SANDBOX
    elif options.sandbox and options.sandbox["mode"] == "guard":
        guard = enter_sandbox(options.sandbox)
    install_overlay(options.overlay)
    try:
        import torch
        import torch.utils.data
    except ImportError as exc:
        write(options.out, {"outcome": "no_torch", "message": str(exc)})
        sys.stderr.write(f"probe: cannot import torch: {exc}\n")
        return 97
    if guard is not None:
        guard.install_torch(torch)
    sites, loaders, counters, lowered = install(torch, options)
    report = {"outcome": "ok", "versions": {"python": sys.version.split()[0], "torch": torch.__version__},
              "lowered_batch_sizes": lowered}
    try:
        if options.module:
            run_module(options.module, options.args)
        else:
            run_script(options.script, options.args, options.overlay)
    except SystemExit as exc:
        report.update(outcome="exit", code=exc.code if isinstance(exc.code, int) else 1)
        report["counters"] = counters.as_dict()
        write(options.out, report)
        raise
    except BaseException as exc:
        report["outcome"] = "exception"
        report["error_type"] = type(exc).__name__
        report["message"] = str(exc)
        report["counters"] = counters.as_dict()
        try:
            report["frames"] = frame_facts(exc.__traceback__, torch, options.project, isinstance(exc, IndexError))
            report["modules"] = failing_modules(exc.__traceback__, torch, sites)
            report["loaders"] = loaders.as_dict()
            drawing = (loaders.failed and loaders.failed()) or (loaders.last and loaders.last())
            if "out of bounds" in str(exc) or "n_classes" in str(exc) or "index out of range in self" in str(exc):
                report["loaders"]["sample_ranges"], report["loaders"]["sample_sizes"] = sample_ranges(drawing, torch)
            if "state_dict" in str(exc) and WRAPPED_STATE_DICTS:
                report["wrapped_state_dicts"] = WRAPPED_STATE_DICTS
            if drawing is not None and any(m in str(exc) for m in ("'list' object", "not list", "but got list", "got (list")):
                report["loaders"]["sample_kinds"] = sample_kinds(drawing)
            if "NoneType" in str(exc) and drawing is not None:
                report["loaders"]["none_samples"] = none_samples(drawing)
            if "stack expects each tensor to be equal size" in str(exc):
                report["loaders"]["ragged"] = ragged_positions(drawing, torch)
        except Exception as probe_error:  # the user's error matters more than ours
            failed("gathering the error's facts", probe_error)
        write(options.out, report)
        print_user_traceback(exc)
        return 130 if isinstance(exc, KeyboardInterrupt) else 1
    report["counters"] = counters.as_dict()
    write(options.out, report)
    return 0


if __name__ == "__main__":
    code = main(sys.argv[1:])
    sys.stdout.flush()
    sys.stderr.flush()
    sys.exit(code)
