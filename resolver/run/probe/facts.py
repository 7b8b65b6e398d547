"""The runtime facts the probe reports after a crash: the tensors and modules of each frame, where
each nn.Module was constructed (and the integers its code could name), which modules a checkpoint
filled, and the probe's own failures while gathering them.

Loaded by path by probe.py (load_beside) in the user's interpreter: standard library only; torch
is handed in by the caller."""

import itertools
import linecache
import os
import sys
import types
import weakref
from collections import defaultdict

PROBE_DIR = os.path.dirname(os.path.realpath(__file__))  # probe.py and the files it loads beside it
MAX_TENSORS_PER_FRAME = 24
MAX_KEPT_SCAN = 4096  # elements of one container looked at for kept graphs: a bound on the probe's cost

PROBE_ERRORS = []  # the probe's own failures, for the report's probe_error (a few: the first say most)


def failed(doing, exc):
    """The probe broke while `doing`: say so in the report rather than leave a fact out silently."""
    if len(PROBE_ERRORS) < 5:
        PROBE_ERRORS.append(f"{doing}: {type(exc).__name__}: {exc}")

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


def whole_values(t, torch):
    """A floating tensor given to a loss whose values are all whole numbers, as [min, max, distinct]:
    class indices stored as floats, where a loss that compares element by element wanted one-hot rows."""
    if not isinstance(t, torch.Tensor) or not t.is_floating_point() or not 0 < t.numel() <= 10**6:
        return {}
    try:
        if bool(torch.isfinite(t).all()) and bool((t == t.round()).all()):
            return {"whole_values": [int(t.min()), int(t.max()), int(t.unique().numel())]}
    except (RuntimeError, NotImplementedError) as exc:  # a meta or otherwise unreadable tensor
        failed("reading a loss's whole-number values", exc)
    return {}


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


def is_probe_file(path):
    """A frame of the probe's own (a hook it put into torch), never the user's."""
    folder = os.path.dirname(os.path.realpath(path))
    return folder == PROBE_DIR or folder == os.path.join(PROBE_DIR, "spawned")  # a spawned worker's wrapper


def is_user_file(path, project):
    path = os.path.realpath(path)
    if is_probe_file(path) or not path.startswith(project + os.sep):
        return False
    return not any(part in ("site-packages", "dist-packages") for part in path.split(os.sep))


def user_frames(frame, project, limit=6):
    """The user frames from `frame` outwards, innermost first: file, line, function."""
    stack = []
    while frame is not None and len(stack) < limit:
        if is_user_file(frame.f_code.co_filename, project):
            stack.append({"file": os.path.realpath(frame.f_code.co_filename), "line": frame.f_lineno,
                          "function": frame.f_code.co_name})
        frame = frame.f_back
    return stack


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
    wrapper or an EMA/SWA AveragedModel, with the keys behind its prefix: the checkpoint it saves
    will not load into the bare model, and that line is where the fix belongs."""
    original = torch.nn.Module.state_dict

    def state_dict(self, *args, **kwargs):
        result = original(self, *args, **kwargs)
        try:
            attribute = WRAPPERS.get(type(self).__name__)
            caller = sys._getframe(1)
            if attribute and not args and not kwargs and is_user_file(caller.f_code.co_filename, project):
                where = (os.path.realpath(caller.f_code.co_filename), caller.f_lineno)
                seen = [(w["file"], w["line"]) for w in WRAPPED_STATE_DICTS]
                if len(WRAPPED_STATE_DICTS) < most and where not in seen:
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
            "attributes": dict(module_attributes(module),
                               **({"loaded_weights": True} if module in LOADED_WEIGHTS else {})),
            "inputs": [dict(fact, **whole_values(a, torch)) if cls.__name__.endswith("Loss") and "shape" in fact
                       else fact for fact, a in zip((value_facts(a, torch) for a in args), args)],
            "site": sites.site_of(module),
        })
    return facts


def parameter_count(module):
    """None for a module whose nn.Module.__init__ never ran (it has no parameter table yet, and
    the error is that missing super().__init__()); a lazy module's parameters that no batch has
    shaped yet (`nn.LazyLinear` before its first forward) count 0."""
    try:
        return sum(0 if type(p).__name__ == "UninitializedParameter" else p.numel() for p in module.parameters())
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


def numbers_kept(f_locals, torch, most=32):
    """The dicts of numbers a frame holds (`log = {"loss": 0.41, "val_loss": 0.52}`): name -> their keys.
    A plateau scheduler's step takes one of them, which the code may have named only at runtime."""
    found = {}
    for name, value in f_locals.items():
        if isinstance(value, dict) and 0 < len(value) <= most and all(isinstance(k, str) for k in value) \
                and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                        or isinstance(v, torch.Tensor) and v.numel() == 1 for v in value.values()):
            found[name] = sorted(value)
    return found


def frame_facts(tb, torch, project, index_error=False, out_of_memory=False, metrics=False):
    frames = []
    while tb is not None:
        frame = tb.tb_frame
        filename = frame.f_code.co_filename
        if is_probe_file(filename) or filename.startswith("<frozen runpy"):
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
                    # for "optimizer got an empty parameter list"
                    models[name] = [type(value).__name__, parameter_count(value)]
            entry["tensors"], entry["models"] = tensors, models
            if out_of_memory:
                try:
                    entry["kept_graphs"] = kept_graphs(frame.f_locals, torch)
                except Exception as exc:  # an object whose attributes cannot be read: say so, keep the frame
                    failed("reading the containers an out-of-memory frame keeps", exc)
            if metrics:
                entry["numbers"] = numbers_kept(frame.f_locals, torch)
            if index_error and frame.f_code.co_name == "__getitem__":
                entry["lengths"] = container_lengths(frame.f_locals.get("self"), torch)
        frames.append(entry)
        tb = tb.tb_next
    return frames


def _carries_graph(value, torch):
    """A tensor with a graph behind it, or a tuple, list or dict (one batch's outputs) holding one."""
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return any(isinstance(v, torch.Tensor) and v.grad_fn is not None for v in value[:8])
    return isinstance(value, torch.Tensor) and value.grad_fn is not None


def kept_graphs(names, torch):
    """Containers (a list or dict; a local, or an attribute of `self`) holding two or more
    tensors that still carry an autograd graph: {name: how many}. Out of memory, they say a loop
    kept every batch's activations for a backward that may never come."""
    owner = names.get("self")
    attributes = vars(owner).items() if hasattr(owner, "__dict__") and not isinstance(owner, type) else ()
    counts = {name: sum(1 for v in itertools.islice(value.values() if isinstance(value, dict) else value,
                                                    MAX_KEPT_SCAN)
                        if _carries_graph(v, torch))
              for name, value in [*names.items(), *((f"self.{n}", v) for n, v in attributes)]
              if isinstance(value, (list, dict))}  # a tuple is a fixed set (an LSTM's (h, c)), not a pile
    return {name: count for name, count in counts.items() if count >= 2}
