"""Out of memory, read from a run's figures (resolver/run/probe/memory.py, run/memory_limit.py).

- A run the kernel killed (SIGKILL, no traceback) is out of memory, with its peak and its limit.
- From the peaks of training steps at two smoke batch sizes, the peak of a step at the user's own
  batch size is forecast: the memory a step needs grows with the batch, `fixed + per_sample * batch`
  on top of what the process holds when the step starts. Memory that grows from one step to the
  next (a graph kept alive across steps) is forecast over the user's epoch too.
- A forecast over the run's limit is a finding, `memory.forecast_oom`; the loop confirms it with one
  faithful step at the user's batch size (resolver/memory_check.py).

Measures: an address-space limit (RLIMIT_AS) is met by the address space at the step's start plus
what the step makes resident; a cgroup or the machine's RAM by the anonymous resident size (the
libraries' pages are charged to whoever read them first); a GPU by torch.cuda's allocated bytes."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from resolver.diagnose.diagnosis import Diagnosis

HEADROOM = 0.85  # a batch is chosen to add at most this share of the room left: the allocator's slack
CONFIRM_SHARE = 0.8  # a forecast past this share of the limit is confirmed by a faithful step
SMALL_BATCH = 4  # a run out of memory at a batch this small does not fit at any batch
LEAK_MIN = 256 * 1024  # bytes kept per step below which growth is the allocator settling, not a leak
ALLOCATION = re.compile(r"(?:you tried to allocate (\d+) bytes|Tried to allocate (\d+(?:\.\d+)?) ([KMG]iB))")
UNIT_BYTES = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}
KIND_WORDS = {"address_space": "address space (RLIMIT_AS)", "cgroup": "the cgroup's memory",
              "gpu": "GPU memory", "ram": "available RAM"}


def size(n: float | None) -> str:
    """Bytes in words: 2.4 GiB, 310 MiB, 12 KiB."""
    if n is None:
        return "unknown"
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if abs(n) >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{int(n)} B"


def limit_of(memory: dict) -> tuple[str, int] | None:
    """The limit this run is held to: the one given to resolve, else the tightest the probe found
    (the GPU when the run used one); the machine's available RAM last."""
    limits = dict(memory.get("limits") or {})
    if memory.get("limit"):
        limits["cgroup" if memory.get("limit_kind") == "cgroup" else "address_space"] = memory["limit"]
    for kind in ("gpu", "address_space", "cgroup"):
        if limits.get(kind):
            return kind, int(limits[kind])
    if limits.get("ram") and memory.get("peak_rss"):
        return "ram", int(limits["ram"]) + int(memory.get("start_rss") or 0)
    return None


def _measured_steps(memory: dict, kind: str) -> list[tuple[int, int, int]]:
    """(batch, bytes the step added at its peak, bytes held at its start) for each step that drew a
    batch of known size, after the first (which also makes the optimizer's state)."""
    found = []
    for step in (memory.get("steps") or [])[1:]:
        if kind == "gpu":
            peak, start, base = step.get("gpu_peak"), step.get("gpu_start"), step.get("gpu_start")
        else:
            peak, start = step.get("peak_rss"), step.get("rss_start")
            base = step.get("vm_start") if kind == "address_space" else step.get("anon_start", start)
        if step.get("batch") and peak is not None and start is not None and base is not None:
            found.append((int(step["batch"]), max(0, int(peak) - int(start)), int(base)))
    return found


@dataclass(frozen=True)
class Forecast:
    kind: str  # which limit: address_space, cgroup, gpu, ram
    limit: int
    base: int  # held when a step starts (the last measured)
    fixed: int  # a step's own cost whatever its batch
    per_sample: float  # a step's cost per sample
    sizes: tuple[int, int]  # the two smoke batch sizes it comes from
    user_batch: int
    kept_per_step: float = 0.0  # memory that stays from one step to the next, at the user's batch
    steps_per_epoch: int = 0
    loader_site: dict | None = None  # where the loader the steps drew from was built (the probe's site)

    def step_peak(self, batch: int) -> float:
        return self.base + self.fixed + self.per_sample * batch

    def peak(self, batch: int | None = None) -> float:
        """At `batch` (the user's by default); a leak adds what a pass keeps."""
        batch = batch or self.user_batch
        return self.step_peak(batch) + self.kept_per_step * self.steps_per_epoch

    @property
    def over(self) -> bool:
        return self.peak() > self.limit

    @property
    def leak(self) -> bool:
        return self.step_peak(self.user_batch) <= self.limit < self.peak()

    def largest_batch(self) -> int:
        """The largest batch whose step peaks within HEADROOM of the limit (0: not even one sample)."""
        room = HEADROOM * (self.limit - self.base) - self.fixed  # the slack is kept on what a step adds
        if self.per_sample <= 0:
            return self.user_batch if room > 0 else 0
        return max(0, int(room // self.per_sample))

    def as_dict(self) -> dict:
        return {"kind": self.kind, "limit": self.limit, "base": self.base, "fixed": self.fixed,
                "per_sample": self.per_sample, "sizes": list(self.sizes), "user_batch": self.user_batch,
                "peak": self.peak(), "step_peak": self.step_peak(self.user_batch),
                "kept_per_step": self.kept_per_step, "steps_per_epoch": self.steps_per_epoch,
                "largest_batch": self.largest_batch(), "loader_site": self.loader_site}

    @classmethod
    def from_dict(cls, data: dict) -> Forecast:
        return cls(data["kind"], data["limit"], data["base"], data["fixed"], data["per_sample"],
                   tuple(data["sizes"]), data["user_batch"], data.get("kept_per_step", 0.0),
                   data.get("steps_per_epoch", 0), data.get("loader_site"))


def forecast(memory: dict) -> Forecast | None:
    """The forecast of a run's peak at the user's batch size; None without two measured sizes."""
    found = limit_of(memory)
    if found is None:
        return None
    kind, limit = found
    steps = _measured_steps(memory, kind)
    by_size: dict[int, int] = {}
    for batch, added, _ in steps:
        by_size[batch] = max(by_size.get(batch, 0), added)
    users = [s.get("user_batch") for s in memory.get("steps") or [] if s.get("user_batch")]
    if not users or not steps:
        return None
    user_batch = max(users)
    kept, epoch = _kept_per_step(memory, kind, user_batch)
    low, high = sorted(by_size)[-2:] if len(by_size) >= 2 else (0, 0)  # the two largest: far above the noise
    per_sample = (by_size[high] - by_size[low]) / (high - low) if high > low else 0.0
    if per_sample <= 0 and not kept:
        return None
    fixed = max(0, int(by_size[low] - per_sample * low)) if high > low else 0
    return Forecast(kind, limit, steps[-1][2], fixed, max(per_sample, 0.0), (low, high), user_batch, kept, epoch,
                    memory.get("loader_site"))


def _kept_per_step(memory: dict, kind: str, user_batch: int) -> tuple[float, int]:
    """Memory that grows from one batch to the next within a pass over a loader (a validation loop
    without no_grad keeping each batch's graph, outputs appended with theirs, a running total of
    losses never backpropagated): per batch at the user's size, and batches per pass; (0, 0) when
    nothing grows. Growth is counted per sample drawn, so smoke mode's mixed batch sizes count, from
    a loader's second pass on; in a first pass, what an evaluation (no backward) kept of its last
    batch: a single epoch's validation has no second pass."""
    passes: dict = {}
    for draw in memory.get("draws") or []:
        held = draw.get("vm") if kind == "address_space" else draw.get("rss")
        if held is not None:
            passes.setdefault((draw["loader"], draw.get("pass") or 1), []).append(draw | {"held": int(held)})
    worst = (0.0, 0)
    for (_, number), draws in passes.items():
        batch = draws[0].get("user_batch") or user_batch
        batches = -(-(draws[0].get("samples") or 0) // batch)
        count = batches
        if number >= 2:
            per_sample = _grown_per_sample([d for d in draws if not d.get("end")])
        elif not (per_sample := _kept_by_an_evaluation(draws)):
            per_sample, count = _held_by_an_evaluation(draws), 1  # one batch's graph at a time, at its own size
        if per_sample * batch * count > worst[0] * worst[1]:
            worst = (per_sample * batch, count)
    return worst


def _grown_per_sample(draws: list[dict]) -> float:
    """Memory held as each batch is drawn, grown per sample drawn before it (0: it does not grow).
    A pass's first growth is left out of the test: it spans the pass's first step, which makes what
    a step holds until the next (gradient accumulation's gradients, from the first micro-batch to the
    optimizer's step); what a pass keeps of each batch grows again after it."""
    diffs = [b["held"] - a["held"] for a, b in zip(draws, draws[1:])]
    if len(diffs) < 2 or any(d < 0 for d in diffs) or sum(diffs[1:]) / len(diffs[1:]) < LEAK_MIN:
        return 0.0
    return sum(diffs) / sum(d["batch"] for d in draws[:-1])


def _kept_by_an_evaluation(draws: list[dict]) -> float:
    """Per sample, what a first pass with no backward (an evaluation) kept of its last batch: the
    bytes its allocations hold at the pass's end over those as that batch was drawn. The last batch
    has the size of the pass's first (smoke mode's), so no new batch shape's caches (oneDNN's
    scratchpads, a heap's high-water mark) count as kept; the first pass of a training loader also
    makes the gradients and the optimizer's state, and is not read so."""
    end, last = draws[-1], draws[-2] if len(draws) >= 2 else None
    if not end.get("end") or last is None or last["batch"] != draws[0]["batch"] \
            or end.get("backwards") is None or end["backwards"] != draws[0].get("backwards") \
            or end.get("live") is None or last.get("live") is None:
        return 0.0
    kept = end["live"] - last["live"]
    return kept / last["batch"] if kept >= LEAK_MIN else 0.0


def _held_by_an_evaluation(draws: list[dict]) -> float:
    """Per sample, the graph a first pass with no backward (an evaluation outside no_grad) holds of
    its latest batch: the output keeps that batch's activations until the next batch's replaces it.
    Seen in the draws as the bytes held at a draw following the size of the batch before it, and let
    go by the pass's end (a new batch size's caches are not)."""
    inner, end = [d for d in draws if not d.get("end")], draws[-1]
    if not end.get("end") or len(inner) < 3 or any(d.get("live") is None for d in draws) \
            or len({d.get("backwards") for d in draws}) != 1:
        return 0.0
    start = inner[0]["live"]
    held = sorted((a["batch"], b["live"] - start) for a, b in zip(inner, inner[1:]))
    (small, low), (large, high) = held[-2], held[-1]
    per_sample = (high - low) / (large - small) if large > small else 0.0
    released = high - (end["live"] - start)
    if per_sample * large < LEAK_MIN or released < per_sample * large / 2:
        return 0.0
    return per_sample


def verdict(memory: dict) -> Diagnosis | None:
    """A run that passed in smoke mode, whose forecast at the user's batch size is over its limit, or
    near it: the plain allocator keeps more than the probe's measure, so a forecast within
    CONFIRM_SHARE of the limit is a finding too, for the faithful step to settle."""
    found = forecast(memory)
    # the share is of the room the limit leaves above what the process held before its steps: under
    # RLIMIT_AS, torch's own mappings alone may be most of the limit
    if found is None or found.peak() <= found.base + CONFIRM_SHARE * (found.limit - found.base):
        return None
    return _finding(found, memory)


def _finding(found: Forecast, memory: dict, shown_at: int | None = None) -> Diagnosis:
    low, high = found.sizes
    where = KIND_WORDS[found.kind]
    if found.leak and found.steps_per_epoch == 1:
        what = (f"an evaluation without no_grad holds its batch's graph until the next batch: "
                f"{size(found.kept_per_step)} at its batch size, so the run would peak at {size(found.peak())} of "
                f"{where}, over the limit of {size(found.limit)}")
    elif found.leak:
        what = (f"memory kept from one batch to the next grows by {size(found.kept_per_step)} a batch at your "
                f"batch size: over a pass of {found.steps_per_epoch} batches the run would peak at "
                f"{size(found.peak())} of {where}, over the limit of {size(found.limit)} (something keeps each "
                f"batch's graph or outputs)")
    else:
        over = "over" if found.over else f"within {1 - CONFIRM_SHARE:.0%} of"
        shown = f"; a smoke step of {shown_at} samples already ran out of memory" if shown_at else ""
        what = (f"at your batch size {found.user_batch} a training step would peak at {size(found.peak())} of "
                f"{where}, {over} the limit of {size(found.limit)} (forecast from smoke batches of {low} and "
                f"{high}: {size(found.per_sample)} per sample{shown})")
    return Diagnosis("MemoryForecast", what, source="memory", memory={**memory, "forecast": found.as_dict()})


def shown_at(memory: dict, batch: int) -> Diagnosis | None:
    """The finding of a run whose smoke draws fit, after a draw of `batch` samples ran out of memory
    in the run before it (a step smaller than the user's already does not fit, so no faithful step
    is needed to confirm it): a step of `batch` needs at least the room the limit leaves, so the cost
    per sample is at least that over `batch`. A leak is the finding first (the spec's order)."""
    found = forecast(memory)
    if found is None:
        return None
    if found.leak and found.peak() > found.base + CONFIRM_SHARE * (found.limit - found.base):
        return _finding(found, memory)
    needed = (found.limit - found.base - found.fixed) / batch
    return _finding(replace(found, per_sample=max(found.per_sample, needed)), memory, batch)


def confirmed(found: dict) -> dict:
    """The forecast after a faithful step at the user's batch ran out of memory: that step's peak was
    at least the limit, so the cost per sample is at least what puts it there (the plain allocator
    keeps more than the smoke run measured)."""
    forecast_ = Forecast.from_dict(found)
    needed = (forecast_.limit - forecast_.base - forecast_.fixed) / forecast_.user_batch
    if needed <= forecast_.per_sample:
        return found
    return {**found, **Forecast(**{**forecast_.__dict__, "per_sample": needed}).as_dict(), "corrected": True}


def killed(memory: dict, counters: dict) -> Diagnosis:
    """A run the kernel ended with SIGKILL and no traceback: the OOM killer's way."""
    peak = max(memory.get("cgroup_peak") or 0, memory.get("watched_rss") or 0) or None
    found = limit_of(memory)
    limit = f"; limit {size(found[1])}, {KIND_WORDS[found[0]]}" if found else ""
    sure = "the kernel's OOM killer" + (" (the cgroup counted an oom_kill)" if memory.get("oom_kills") else "")
    return Diagnosis("Killed", f"the script was killed by SIGKILL with no traceback: {sure} ended it "
                     f"(peak {size(peak)} resident{limit})", counters=counters, source="exit", memory=memory)


def summary(memory: dict) -> str:
    """One line for the report: the peak and the limit, and the forecast when there is one."""
    found = limit_of(memory)
    peak = max(memory.get("peak_rss") or 0, memory.get("watched_rss") or 0, memory.get("cgroup_peak") or 0)
    text = f"peak {size(peak)} resident" + (f", limit {size(found[1])} ({KIND_WORDS[found[0]]})" if found else "")
    if memory.get("forecast"):
        text += f"; forecast at batch {memory['forecast']['user_batch']}: {size(memory['forecast']['peak'])}"
    return text


def _one_allocation(error: Diagnosis) -> str | None:
    """The user's line whose one allocation ran out of memory, and its size, from the allocator's
    message: where no rule found a cheaper way to make that tensor, the user is shown which it was."""
    found, where = ALLOCATION.search(error.message), error.location
    if found is None or where is None:
        return None
    made = int(found.group(1)) if found.group(1) else float(found.group(2)) * UNIT_BYTES[found.group(3)]
    return (f"`{where.code}` ({where.file.name}:{where.line}) asked for {size(made)} in one allocation, and "
            f"resolve knows no cheaper way to make the same tensor")


def stop_reason(error: Diagnosis, advice: str = "") -> str | None:
    """Out of memory with nothing left to change in the code: the bytes a sample costs and the spec's
    advice; else the line whose one allocation ran out, before the category's `advice`. None when the
    error is not out of memory, or names neither."""
    if not error.category.startswith("memory.") or error.category == "memory.cuda_oom" and not error.memory:
        return None
    found = error.memory.get("forecast")
    if found and Forecast.from_dict(found).largest_batch() < 1:
        cost = (f"even at batch size 1 a step needs about {size(found['fixed'] + found['per_sample'])} on top of "
                f"the {size(found['base'])} the process holds ({size(found['per_sample'])} per sample), over "
                f"{HEADROOM:.0%} of what the limit of {size(found['limit'])} leaves")
    elif not found and (error.memory.get("last_batch") or SMALL_BATCH + 1) <= SMALL_BATCH:
        cost = f"it runs out of memory even at batch size {error.memory['last_batch']} ({summary(error.memory)})"
    else:
        return None if (made := _one_allocation(error)) is None else f"{made}; {advice}"
    return (f"{cost}: the model does not fit in this memory at any batch size. Use gradient checkpointing "
            f"(torch.utils.checkpoint), mixed precision (torch.autocast), or a smaller model; resolve does not "
            f"change the architecture")
