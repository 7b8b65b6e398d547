"""The cost of the training-health checks on a healthy smoke run: the same script under the probe
with and without --no-health, and a whole `resolve` with and without it, side by side, median of
a few runs each (interleaved, so a busy machine slows both alike), with torch on one thread
(OMP_NUM_THREADS=1) so that a shared machine's noise stays small. Besides the wall time it prints
the CPU seconds of the run, and the time the script measures for its own training loop, which is
where the checks' hooks cost anything: the rest is starting Python and importing torch.

    python benchmarks/health.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROBE = Path(__file__).resolve().parents[1] / "resolver" / "run" / "probe" / "probe.py"

HEALTHY = '''\
import time
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
data = TensorDataset(torch.randn(512, 3, 16, 16), torch.randint(0, 10, (512,)))
loader = DataLoader(data, batch_size=32, shuffle=True)
model = nn.Sequential(
    nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Dropout(0.2), nn.Linear(32 * 4 * 4, 64), nn.ReLU(), nn.Linear(64, 10))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
criterion = nn.CrossEntropyLoss()
started = time.perf_counter()
for epoch in range(20):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        model(data.tensors[0][:64])
print(f"loop_seconds={time.perf_counter() - started:.4f} loss={loss.item():.4f}")
'''


def timed(command: list[str], cwd: Path) -> tuple[float, float, float | None]:
    """Wall seconds, CPU seconds (user + system, the run's processes) and the loop's own seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                               env={**os.environ, "OMP_NUM_THREADS": "1", "RESOLVE_WARM": "off"})
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if completed.returncode not in (0,):
        raise SystemExit(f"{' '.join(command)} failed:\n{completed.stdout}\n{completed.stderr}")
    found = re.search(r"loop_seconds=([\d.]+)", completed.stdout)
    return seconds, cpu, float(found.group(1)) if found else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args(argv).runs
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder)
        (project / "train.py").write_text(HEALTHY)
        probe = [sys.executable, str(PROBE), "--out", str(project / "report.json"), "--project", str(project)]
        commands = {
            "probe, health on": probe + ["--", "train.py"],
            "probe, --no-health": probe + ["--no-health", "--", "train.py"],
            "resolve, health on": [sys.executable, "-m", "resolver", "--no-llm", "-q", "train.py"],
            "resolve, --no-health": [sys.executable, "-m", "resolver", "--no-llm", "-q", "--no-health", "train.py"],
        }
        walls, cpus, loops = ({name: [] for name in commands} for _ in range(3))
        for _ in range(runs):
            for name, command in commands.items():
                wall, cpu, loop = timed(command, project)
                walls[name].append(wall)
                cpus[name].append(cpu)
                if loop is not None:
                    loops[name].append(loop)
    print(f"healthy smoke run (20 epochs of a small CNN, smoke mode), median of {runs} runs, "
          f"{os.cpu_count()} CPUs")
    print(f"{'':24} {'wall s':>8} {'CPU s':>8} {'training loop s':>16}")
    for name in commands:
        loop = f"{statistics.median(loops[name]):.3f}" if loops[name] else "-"
        print(f"{name:24} {statistics.median(walls[name]):>8.2f} {statistics.median(cpus[name]):>8.2f} {loop:>16}")
    for kind in ("probe", "resolve"):
        on, off = (statistics.median(walls[f"{kind}, {s}"]) for s in ("health on", "--no-health"))
        cpu_on, cpu_off = (statistics.median(cpus[f"{kind}, {s}"]) for s in ("health on", "--no-health"))
        print(f"{kind}: the health checks cost {on / off:.2f}x of the wall time, "
              f"{cpu_on / cpu_off:.2f}x of the CPU time")
    loop_on, loop_off = loops["probe, health on"], loops["probe, --no-health"]
    print(f"training loop alone: {statistics.median(loop_on) / statistics.median(loop_off):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
