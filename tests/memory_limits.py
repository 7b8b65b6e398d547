"""Memory limits for tests, relative to what torch itself takes here: `"+150M"` is 150 MiB of
address space over a bare torch script's after one optimizer step (a CUDA build of torch maps far
more than the CPU build, so an absolute RLIMIT_AS would mean another thing on each machine)."""

from __future__ import annotations

import functools
import subprocess
import sys
from dataclasses import replace

from resolver.diagnose import memory
from resolver.run.memory_limit import parse_size
from resolver.run.runner import Settings, run

BARE = ("import torch\nm = torch.nn.Linear(8, 2)\no = torch.optim.SGD(m.parameters(), lr=0.1)\n"
        "m(torch.randn(4, 8)).sum().backward()\no.step()\n"
        "print(next(int(l.split()[1]) * 1024 for l in open('/proc/self/status') if l.startswith('VmSize')))\n")


@functools.cache
def torch_baseline() -> int:
    """Bytes of address space a bare torch script holds after one optimizer step."""
    return int(subprocess.run([sys.executable, "-c", BARE], capture_output=True, text=True, check=True).stdout)


def limit(value: str) -> int:
    return torch_baseline() + parse_size(value[1:]) if value.startswith("+") else parse_size(value)


def diagnose(target, value: str, server=None):
    """What the loop hands the rules for a case run under a memory limit: the run's error, or its
    forecast over the limit confirmed by one faithful run at the user's batch size
    (resolver/memory_check.py), with the forecast beside that run's figures."""
    settings = Settings(memory_limit=limit(value))
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
