"""Memory: the limits a run has (RLIMIT_AS, its cgroup, the GPU, available RAM) and the peak of each
optimizer step, with the batch that step drew, so that resolve can forecast the peak at the user's
own batch size from two smoke batch sizes (resolver/diagnose/memory.py).

On the CPU a step's peak is the process's resident peak over the step (VmHWM, reset after each step
through /proc/self/clear_refs); its address space (VmSize) at the step's start is kept beside it,
because RLIMIT_AS limits the address space. On CUDA it is torch.cuda.max_memory_allocated, reset per
step. Linux only: elsewhere a run has no per-step figures, and says so.

Loaded by path by probe.py (load_beside) in the user's interpreter: standard library only; torch
is handed in by the caller."""

import os
import sys

STEPS_KEPT = 48  # optimizer steps measured: the smoke run's first passes and the faithful step
DRAWS_KEPT = 96  # batches drawn whose memory is measured
MMAP_THRESHOLD = 16 * 1024
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # mallopt's parameters (malloc.h)


def status():
    """VmSize, VmRSS, VmHWM, RssAnon of this process in bytes, from /proc (empty elsewhere). A cgroup
    is charged the anonymous part: the libraries' pages are charged to whoever read them first."""
    found = {}
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(("VmSize:", "VmRSS:", "VmHWM:", "RssAnon:")):
                    key, value = line.split(":", 1)
                    found[key] = int(value.split()[0]) * 1024
    except (OSError, ValueError):
        pass
    return found


_MALLINFO = []  # glibc's mallinfo2, once found (empty list: not looked for yet)


def live_bytes():
    """Bytes the process's allocations hold now (glibc >= 2.33, every arena: in use in the heaps and
    mapped on their own), None elsewhere. Unlike the resident or mapped size it does not keep the
    high-water mark of a heap, so a new, larger batch's temporaries do not count as kept."""
    if not _MALLINFO:
        try:
            import ctypes

            class Mallinfo2(ctypes.Structure):
                _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                                                 "usmblks", "fsmblks", "uordblks", "fordblks",
                                                                 "keepcost")]

            function = ctypes.CDLL(None).mallinfo2
            function.restype = Mallinfo2
            _MALLINFO.append(function)
        except (OSError, AttributeError):  # not glibc, or an older one
            _MALLINFO.append(None)
    if _MALLINFO[0] is None:
        return None
    info = _MALLINFO[0]()
    return info.uordblks + info.hblkhd


def reset_peak():
    """Start a new resident peak (Linux >= 4.0: writing 5 to clear_refs resets VmHWM)."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
        return True
    except OSError:
        return False


def release_freed_memory(threshold=MMAP_THRESHOLD):
    """Make a freed tensor's memory leave the process at once (glibc: allocations from `threshold`
    bytes are mapped on their own and unmapped when freed), so that a step's resident peak is what
    it allocated, not what the heap had kept from before. Without it, the small batches of smoke
    mode reuse the same heap and every step looks alike."""
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        return bool(libc.mallopt(M_MMAP_THRESHOLD, threshold)) and bool(libc.mallopt(M_TRIM_THRESHOLD, threshold))
    except (OSError, AttributeError):  # not glibc
        return False


def apply_limit(limit):
    """RLIMIT_AS for this process and its children (DataLoader workers), before the script runs."""
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY and limit > hard:
        limit = hard
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def out_of_memory(exc):
    """The error is the allocator's (CUDA's or the CPU's) or Python's: memory ran out."""
    text = f"{type(exc).__name__}: {exc}"
    return isinstance(exc, MemoryError) or any(words in text for words in (
        "out of memory", "OutOfMemoryError", "can't allocate memory", "not enough memory", "Cannot allocate memory",
        "std::bad_alloc"))


def lift_limit():
    """Back to the hard limit, after the script: the probe's report needs room to be written."""
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def join_cgroup(folder):
    """Move this process into the cgroup resolve made for the run (its memory limit is set there)."""
    with open(os.path.join(folder, "cgroup.procs"), "w", encoding="ascii") as f:
        f.write(str(os.getpid()))


def _read_int(path):
    try:
        with open(path, encoding="ascii") as f:
            text = f.read().strip()
        return None if text == "max" else int(text)
    except (OSError, ValueError):
        return None


def cgroup_limit():
    """The memory limit of this process's cgroup (v2 memory.max, v1 memory.limit_in_bytes), if any."""
    try:
        with open("/proc/self/cgroup", encoding="ascii") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controllers == "":
            limit = _read_int(f"/sys/fs/cgroup{path}/memory.max")
        elif "memory" in controllers.split(","):
            limit = _read_int(f"/sys/fs/cgroup/memory{path}/memory.limit_in_bytes")
        else:
            continue
        if limit is not None and limit < (1 << 60):
            return limit
    return None


def available_ram():
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return None


def limits(torch):
    """What this run may use: the tightest of them is the one that kills it."""
    import resource

    found = {}
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        found["address_space"] = soft
    group = cgroup_limit()
    if group is not None:
        found["cgroup"] = group
    ram = available_ram()
    if ram is not None:
        found["ram"] = ram
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        found["gpu"] = torch.cuda.get_device_properties(torch.cuda.current_device()).total_memory
    return found


def batch_length(batch, torch, depth=0):
    """The number of samples in a batch: the first dimension of its first tensor."""
    if isinstance(batch, torch.Tensor):
        return int(batch.shape[0]) if batch.dim() else None
    if depth < 3 and isinstance(batch, dict):
        batch = list(batch.values())
    if depth < 3 and isinstance(batch, (list, tuple)):
        for item in batch:
            found = batch_length(item, torch, depth + 1)
            if found is not None:
                return found
    return None


class Meter:
    """The peak of each optimizer step, with the size of the largest batch drawn since the step
    before (with gradient accumulation a step runs several micro-batches: the largest makes its
    peak) and the user's batch size; the window runs from one step to the next (forward, backward,
    step)."""

    def __init__(self, torch, forecast=False):
        self.torch = torch
        # freed memory is released at once only where smoke mode lowered a loader's batch (the forecast's
        # draws): a faithful run (a confirming step, a batch fix verified) keeps the allocator the user's
        # own run has, whose heap holds far more at the same batch (oom2/05: 1010 MB vs 772 MB at batch 64)
        self.release_pending = forecast
        self.steps = []
        self.backwards = 0  # every backward pass: a pass over a loader without one is evaluation
        self.batch = self.user_batch = self.samples = self.site = self.passes = None
        self.window = {}  # loader -> the largest batch it drew since the last step: its peak is the step's
        self.gpu_start = 0  # memory allocated on the GPU when the step began
        self.loader_site = None
        self.draws = []
        self.resettable = reset_peak()
        self.start = status()
        self.last = self.start
        self.peak_rss = self.start.get("VmHWM", 0)
        self.peak_vm = self.start.get("VmSize", 0)
        from torch.optim.optimizer import register_optimizer_step_post_hook, register_optimizer_step_pre_hook

        register_optimizer_step_pre_hook(self._before_step)
        register_optimizer_step_post_hook(self._on_step)
        self.forward_backward = None  # the resident peak of the step's forward and backward
        meter = self
        original_backward = torch.autograd.backward

        def backward(*args, **kwargs):
            meter.backwards += 1
            return original_backward(*args, **kwargs)

        torch.autograd.backward = backward
        iterator_class = torch.utils.data.dataloader._BaseDataLoaderIter
        original_next = iterator_class.__next__

        def __next__(self):
            try:
                item = original_next(self)
            except StopIteration:
                meter.ended(self)
                raise
            try:
                loader = getattr(self, "_resolver_loader", lambda: None)()
                meter.batch = batch_length(item, torch)
                meter.user_batch = (getattr(loader, "_resolver_user_batch_size", None)
                                    or getattr(loader, "batch_size", None))
                meter.samples = len(loader.dataset) if loader is not None else None
                meter.site = getattr(loader, "_resolver_site", None)
                meter.passes = getattr(loader, "_resolver_passes", 1)
                if meter.release_pending and loader is not None \
                        and (meter.user_batch or 0) > (getattr(loader, "batch_size", None) or meter.user_batch):
                    meter.release_pending = False  # tried once: mallopt is glibc's, elsewhere it stays off
                    release_freed_memory()
                meter.drew(loader)
            except Exception:  # a batch of another kind: this step's size is unknown
                meter.batch = None
            return item

        iterator_class.__next__ = __next__

    def drew(self, loader):
        """The memory held as each batch is drawn: what a pass keeps from one batch to the next (a
        validation loop's graphs, outputs appended with theirs) shows as growth here, steps or not."""
        key = self._loader_key()
        self.window[key] = max(self.window.get(key, 0), self.batch or 0)
        if len(self.draws) < DRAWS_KEPT and self.batch:
            now = status()
            self.draws.append({"loader": key, "pass": self.passes,
                               "batch": self.batch, "samples": self.samples, "user_batch": self.user_batch,
                               "rss": now.get("VmRSS"), "vm": now.get("VmSize"),
                               "live": live_bytes(), "backwards": self.backwards})

    def ended(self, iterator):
        """A pass's end: what its last batch kept, drawn (batch 0) before the code after the loop runs."""
        try:
            loader = getattr(iterator, "_resolver_loader", lambda: None)()
            site = getattr(loader, "_resolver_site", None) or {}
            if len(self.draws) < DRAWS_KEPT and loader is not None:
                now = status()
                self.draws.append({"loader": f"{site.get('file')}:{(site.get('position') or [0])[0]}",
                                   "pass": getattr(loader, "_resolver_passes", 1), "batch": 0, "end": True,
                                   "rss": now.get("VmRSS"), "vm": now.get("VmSize"), "live": live_bytes(),
                                   "backwards": self.backwards})
        except Exception:  # a loader of another kind: no end is recorded
            pass

    def _loader_key(self):
        site = self.site or {}
        return f"{site.get('file')}:{(site.get('position') or [0])[0]}"

    def _cuda(self):
        cuda = self.torch.cuda
        return cuda.is_available() and cuda.is_initialized()

    def _before_step(self, optimizer, args, kwargs):
        """The peak of the forward and backward, apart from the optimizer's own (its temporaries do
        not grow with the batch, and at a small batch they would hide what does)."""
        self.forward_backward = status().get("VmHWM") if self.resettable else None
        reset_peak()

    def _on_step(self, optimizer, args, kwargs):
        now = status()
        self.peak_rss = max(self.peak_rss, now.get("VmHWM", 0))
        self.peak_vm = max(self.peak_vm, now.get("VmSize", 0))
        if len(self.steps) < STEPS_KEPT:
            if self.site is not None:
                self.loader_site = self.site  # the loader the training steps draw from
            batch = self.window.get(self._loader_key()) or self.batch  # the loader drawn last is the step's
            step = {"batch": batch, "user_batch": self.user_batch, "samples": self.samples, "pass": self.passes,
                    "rss_start": self.last.get("VmRSS"), "vm_start": self.last.get("VmSize"),
                    "anon_start": self.last.get("RssAnon"),
                    "peak_rss": self.forward_backward,
                    "optimizer_peak_rss": now.get("VmHWM") if self.resettable else None}
            if self._cuda():
                cuda = self.torch.cuda
                step["gpu_peak"], step["gpu_start"] = cuda.max_memory_allocated(), self.gpu_start
                self.gpu_start = cuda.memory_allocated()
                cuda.reset_peak_memory_stats()
            self.steps.append(step)
        reset_peak()
        self.window = {}
        self.last = status()

    def as_dict(self):
        now = status()
        return {"steps": self.steps, "draws": self.draws, "limits": limits(self.torch), "platform": sys.platform,
                "last_batch": self.batch, "loader_site": self.loader_site,
                "peak_rss": max(self.peak_rss, now.get("VmHWM", 0)), "peak_vm": max(self.peak_vm, now.get("VmSize", 0)),
                "start_rss": self.start.get("VmRSS"), "start_vm": self.start.get("VmSize")}
