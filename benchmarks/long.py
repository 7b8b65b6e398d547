"""Benchmark: a long training script (15 epochs over 128k samples) that crashes at its very
end, after all the training. Measured side by side in this one process:

  (b) one full plain run of the broken script  vs  the whole `resolve` that repairs it;
  (c) one full plain run of the fixed script   vs  the verifying run alone (one smoke-mode run
      of the fixed script, forked from a warm server after the reproducing run as in a resolve, and
      in its own interpreter);
  and how long a run takes to start: the first status line on a terminal (a pty).

    python benchmarks/long.py [--epochs N]
"""

from __future__ import annotations

import json
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from resolver.run.runner import Settings, Target, child_environment, run
from resolver.run.warm import WarmServer

SCRIPT = textwrap.dedent("""\
    import sys
    import torch
    from torch import nn
    from torch.utils.data import DataLoader, TensorDataset

    torch.manual_seed(0)
    epochs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    x = torch.randn(128_000, 64)
    y = (x[:, :10].argmax(1) + (x[:, 10] > 0)) % 10
    loader = DataLoader(TensorDataset(x, y), batch_size=64, shuffle=True)
    model = nn.Sequential(nn.Linear(64, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 10))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        total = 0.0
        for xb, yb in loader:
            opt.zero_grad()
            loss = nn.functional.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch + 1}: loss {total / len(loader):.4f}", flush=True)

    # after training: a linear probe on the learned 256 features
    features = model[:-1](x[:1000]).detach()
    probe = nn.Linear(128, 10)
    print("probe logits", probe(features).shape)
    """)


def timed(command: list[str], cwd: Path, env: dict | None = None) -> tuple[float, subprocess.CompletedProcess]:
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env)
    return time.perf_counter() - started, completed


def first_status_seconds(project: Path) -> float:
    """Seconds from starting `resolve` on a terminal to its first status line."""
    started = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(project)
        os.execv(sys.executable, [sys.executable, "-m", "resolver", "--no-llm", "--dry-run", "train.py"])
    seen = b""
    try:
        while b"run 1:" not in seen and time.monotonic() - started < 60:
            if select.select([fd], [], [], 0.05)[0]:
                seen += os.read(fd, 65536)
        return time.monotonic() - started
    finally:
        os.kill(pid, signal.SIGINT)
        os.waitpid(pid, 0)
        os.close(fd)


def main(argv: list[str]) -> int:
    epochs = argv[argv.index("--epochs") + 1] if "--epochs" in argv else "15"
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder)
        (project / "train.py").write_text(SCRIPT)
        plain, completed = timed([sys.executable, "train.py", epochs], project)
        assert completed.returncode == 1 and "mat1 and mat2" in completed.stderr, completed.stderr[-2000:]
        resolve_seconds, completed = timed([sys.executable, "-m", "resolver", "--no-llm", "--json", "--dry-run",
                                            "train.py", epochs], project)
        report = json.loads(completed.stdout)
        assert report["status"] == "SUCCESS", report
        cold_resolve, _ = timed([sys.executable, "-m", "resolver", "--no-llm", "--json", "--dry-run", "train.py",
                                 epochs], project, env={**os.environ, "RESOLVE_WARM": "off"})
        fixed = project / "fixed"
        fixed.mkdir()
        (fixed / "train.py").write_text(SCRIPT.replace("nn.Linear(128, 10)", "nn.Linear(256, 10)"))
        plain_fixed, completed = timed([sys.executable, "train.py", epochs], fixed)
        assert completed.returncode == 0, completed.stderr[-2000:]
        target = Target(fixed / "train.py", None, (epochs,), fixed, fixed, sys.executable)
        cold_verify = run(target, Settings(), {})
        with WarmServer(sys.executable, child_environment()) as server:
            server.settled.wait(120)
            # as in a resolve: the reproducing run is the server's first fork, the verifying run its next
            reproduce = run(Target(project / "train.py", None, (epochs,), project, project, sys.executable),
                            Settings(), {}, server=server)
            warm_verify = run(target, Settings(), {}, server=server)
        assert not reproduce.passed and cold_verify.passed and warm_verify.passed
        latency = first_status_seconds(project)
        shutil.rmtree(project / "__pycache__", ignore_errors=True)
    print(f"long script: {epochs} epochs over 128k samples, crashing after training")
    print(f"(b) plain run of the broken script   {plain:7.1f} s")
    print(f"    whole resolve (warm, {report['runs']} runs)     {resolve_seconds:7.1f} s   "
          f"{plain / resolve_seconds:5.1f}x faster")
    print(f"    whole resolve (RESOLVE_WARM=off)  {cold_resolve:7.1f} s   {plain / cold_resolve:5.1f}x faster")
    print(f"(c) plain run of the fixed script    {plain_fixed:7.1f} s")
    print(f"    verifying run, warm fork         {warm_verify.seconds:7.2f} s   "
          f"{plain_fixed / warm_verify.seconds:5.1f}x faster")
    print(f"    (the reproducing run before it, the server's first fork: {reproduce.seconds:.2f} s)")
    print(f"    verifying run, own interpreter   {cold_verify.seconds:7.2f} s   "
          f"{plain_fixed / cold_verify.seconds:5.1f}x faster")
    print(f"first status line on a terminal      {latency:7.2f} s after resolve starts")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
