"""The memory limit a run is held to (`--memory-limit`, RESOLVE_MEMORY_LIMIT), and what resolve can
see of a run's memory from outside it: its peak while it runs, and its cgroup's verdict after.

Two kinds of limit:
- "as" (the default, any Unix): RLIMIT_AS, set by the probe in the run's own process just before
  the script runs (a warm fork included), so an allocation past it fails as `DefaultCPUAllocator:
  can't allocate memory` or MemoryError, as under `ulimit -v`;
- "cgroup" (Linux, where the memory controller is writable): a cgroup made for the run with the
  limit set, which the probe joins; past it the kernel's OOM killer ends the run with SIGKILL, as in
  a container, on Colab or Kaggle. v1 (`memory.limit_in_bytes`, `memory.max_usage_in_bytes`,
  `memory.oom_control`) and v2 (`memory.max`, `memory.peak`, `memory.events`)."""

from __future__ import annotations

import os
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from resolver.errors import UsageError

UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
KINDS = ("as", "cgroup")
CGROUP_V1 = Path("/sys/fs/cgroup/memory")
CGROUP_V2 = Path("/sys/fs/cgroup")
POLL_S = 0.05


def parse_size(text: str) -> int:
    """"2500M", "2.5G", "1048576", "3GiB" -> bytes; a clear error otherwise."""
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:i?B)?\s*", text, re.IGNORECASE)
    if not found or float(found.group(1)) <= 0:
        raise UsageError(f"--memory-limit: {text!r} is not a size (such as 2500M or 3G)")
    return int(float(found.group(1)) * UNITS[found.group(2).upper()])


def from_environment(limit: str | None, kind: str | None) -> tuple[int | None, str]:
    """The option's value, else RESOLVE_MEMORY_LIMIT / RESOLVE_MEMORY_LIMIT_KIND."""
    limit = limit or os.environ.get("RESOLVE_MEMORY_LIMIT") or None
    kind = (kind or os.environ.get("RESOLVE_MEMORY_LIMIT_KIND") or "as").lower()
    if kind not in KINDS:
        raise UsageError(f"--memory-limit-kind: {kind!r} is not one of {', '.join(KINDS)}")
    return (parse_size(limit) if limit else None), kind


def cgroup_root() -> tuple[Path, int] | None:
    """Where a run's cgroup can be made, and its version; None where it cannot (not root, no controller)."""
    if (CGROUP_V1 / "memory.limit_in_bytes").exists() and os.access(CGROUP_V1, os.W_OK):
        return CGROUP_V1, 1
    if (CGROUP_V2 / "cgroup.controllers").exists() and os.access(CGROUP_V2, os.W_OK) \
            and "memory" in (CGROUP_V2 / "cgroup.subtree_control").read_text():
        return CGROUP_V2, 2
    return None


def _read(path: Path) -> str:
    try:
        return path.read_text().strip()
    except OSError:
        return ""


@dataclass
class Cgroup:
    """A cgroup for one run, with its memory limit; removed after the run."""

    folder: Path
    version: int
    limit: int

    @classmethod
    def make(cls, limit: int) -> Cgroup:
        found = cgroup_root()
        if found is None:
            raise UsageError("--memory-limit-kind cgroup: no writable memory cgroup here (it needs root and "
                             "the memory controller); use the default kind, RLIMIT_AS")
        root, version = found
        folder = root / f"resolve-{os.getpid()}-{time.monotonic_ns()}"
        folder.mkdir()
        try:
            (folder / ("memory.limit_in_bytes" if version == 1 else "memory.max")).write_text(str(limit))
        except OSError as exc:
            folder.rmdir()
            raise UsageError(f"--memory-limit-kind cgroup: the kernel refused the limit ({exc.strerror})") from None
        # best effort: a warm fork's pages come along (v1), and no swap stretches the limit
        for name, value in ((("memory.move_charge_at_immigrate", "3"), ("memory.swappiness", "0")) if version == 1
                            else (("memory.swap.max", "0"),)):
            try:
                (folder / name).write_text(value)
            except OSError:
                pass
        return cls(folder, version, limit)

    def verdict(self) -> dict:
        """The kernel's figures for the run: its peak, and whether the OOM killer acted."""
        if self.version == 1:
            oom = dict(line.split() for line in _read(self.folder / "memory.oom_control").splitlines() if " " in line)
            peak = _read(self.folder / "memory.max_usage_in_bytes")
            kills = int(oom.get("oom_kill", 0)) or (int(_read(self.folder / "memory.failcnt") or 0) > 0
                                                    and oom.get("under_oom") == "1")
        else:
            events = dict(line.split() for line in _read(self.folder / "memory.events").splitlines() if " " in line)
            peak = _read(self.folder / "memory.peak")
            kills = int(events.get("oom_kill", 0))
        return {"cgroup_peak": int(peak) if peak.isdigit() else None, "oom_kills": int(kills), "limit": self.limit}

    def remove(self) -> None:
        for _ in range(50):  # the killed run's exit may still be accounted for
            try:
                self.folder.rmdir()
                return
            except OSError:
                time.sleep(0.02)


class PeakWatcher(threading.Thread):
    """Polls a run's resident and virtual size from /proc while it runs: a process the kernel
    kills leaves no report, and this is how its peak is still known."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.peak_rss, self.peak_vm = pid, 0, 0
        self.done = threading.Event()

    def run(self):
        status = Path(f"/proc/{self.pid}/status")
        while not self.done.is_set():
            try:
                for line in status.read_text().splitlines():
                    if line.startswith(("VmHWM:", "VmRSS:")):
                        self.peak_rss = max(self.peak_rss, int(line.split()[1]) * 1024)
                    elif line.startswith("VmSize:"):
                        self.peak_vm = max(self.peak_vm, int(line.split()[1]) * 1024)
            except (OSError, ValueError, IndexError):
                return  # gone, or not Linux
            self.done.wait(POLL_S)

    def stop(self) -> dict:
        self.done.set()
        self.join(timeout=1)
        return {"watched_rss": self.peak_rss, "watched_vm": self.peak_vm}
