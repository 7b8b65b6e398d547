"""Memory limits for tests, relative to what torch itself takes here: `"+150M"` is 150 MiB of
address space over a bare torch script's after one optimizer step (a CUDA build of torch maps far
more than the CPU build, so an absolute RLIMIT_AS would mean another thing on each machine).

RLIMIT_AS stands in for the machine's memory, so every run under one, resolve's and the plain run's
alike, gets `STEADY_ALLOCATOR`, the allocator settings the probe measures in (release_freed_memory):
glibc's dynamic mmap threshold puts tensors the size of one just freed on the brk heap, whose
fragmentation moved the address space of one and the same run by up to ~100 MiB
(batch_accumulation/argparse_default_clipped's fix, plain under +210M: out of memory in 6 of 10
runs; with a fixed threshold under +150M: 0 of 10). With a fixed threshold, address space follows
the memory the run holds (docs/how-it-works.md, "Out of memory"). One malloc arena: glibc reserves
64 MiB of address space for each thread's arena (torch's intra-op threads), memory no run holds,
which put the same fixed script 64 MiB nearer the limit on one machine than another."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from dataclasses import replace

from resolver import memory_check
from resolver.diagnose import memory
from resolver.run.memory_limit import parse_size
from resolver.run.probe.memory import MMAP_THRESHOLD
from resolver.run.runner import Settings, run

STEADY_ALLOCATOR = {"MALLOC_MMAP_THRESHOLD_": str(MMAP_THRESHOLD), "MALLOC_TRIM_THRESHOLD_": str(MMAP_THRESHOLD),
                    "MALLOC_ARENA_MAX": "1"}
BARE = ("import torch\nm = torch.nn.Linear(8, 2)\no = torch.optim.SGD(m.parameters(), lr=0.1)\n"
        "m(torch.randn(4, 8)).sum().backward()\no.step()\n"
        "print(next(int(l.split()[1]) * 1024 for l in open('/proc/self/status') if l.startswith('VmSize')))\n")


@functools.cache
def torch_baseline() -> int:
    """Bytes of address space a bare torch script holds after one optimizer step."""
    return int(subprocess.run([sys.executable, "-c", BARE], capture_output=True, text=True, check=True,
                              env={**os.environ, **STEADY_ALLOCATOR}).stdout)


def limit(value: str) -> int:
    return torch_baseline() + parse_size(value[1:]) if value.startswith("+") else parse_size(value)


def diagnose(target, value: str, server):
    """What the loop hands the rules for a case run under a memory limit: the run's error, or its
    forecast over the limit confirmed by one faithful run at the user's batch size
    (resolver/memory_check.py), with the forecast beside that run's figures. `server` is a warm
    interpreter started in the steady allocator, as resolve's own is when its environment has it."""
    settings = Settings(memory_limit=limit(value))
    first = run(target, settings, {}, server=server)
    if k := memory_check.unmeasured_accumulation(settings, first):  # its draws shared steps: again, as the loop does
        settings = replace(settings, forecast_accumulation=k)
        first = run(target, settings, {}, server=server)
    if not first.passed:
        return first.diagnosis
    found = memory.verdict(first.memory)
    forecast = found and found.memory["forecast"]
    if not found or forecast["kept_per_step"] and forecast["step_peak"] <= forecast["limit"]:
        return found
    again = run(target, replace(settings, batch_size=forecast["user_batch"]), {}, server=server)
    if again.passed:
        return None
    return replace(again.diagnosis, memory={**again.memory, "forecast": memory.confirmed(forecast)})
