"""What one run of the user's command may touch: nothing of the user's but what resolve shows it.

resolve prepares each run's sandbox here, in a scratch folder that goes away with the run; the
probe enters it from inside the run (resolver/run/probe/isolate.py):

- "overlay": an overlayfs mount over the project (and the working directory, and the folder of any
  proposed file outside them) in a user + mount namespace. The proposed fixes are files in the
  upper layer, so the script, its `-m` modules, its subprocesses and spawn/forkserver DataLoader
  workers all run the fix; everything the run writes stays in the upper layer.
- "guard": where the kernel refuses namespaces, Python-level writes inside those folders are
  redirected to scratch copies, the fixes are imported from memory, and the tree is compared with
  a snapshot taken before the run: anything changed anyway stops resolve.
- "none": `--no-sandbox`, the old behaviour; the script writes where it writes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from resolver.errors import UsageError
from resolver.write.edits import SourceFile

MODES = ("overlay", "guard", "none")
FORCE_VARIABLE = "RESOLVE_SANDBOX"  # "guard" forces the fallback (tests; a kernel we cannot trust)
SCRATCH_PREFIX = "resolve-run-"

# The documented off-switches of experiment trackers: a smoke run makes no run on a dashboard.
TRACKERS_OFF = {
    "WANDB_MODE": "disabled",  # Weights & Biases: every wandb call is a no-op
    "NEPTUNE_MODE": "offline",  # Neptune (neptune and neptune-scale): local files only, in the sandbox
    "COMET_AUTO_LOG_DISABLE": "true",  # Comet: ExperimentConfig.disabled, no network communication
    "CLEARML_OFFLINE_MODE": "1",  # ClearML: Task.init works offline, into a local folder
    "SWANLAB_MODE": "disabled",  # SwanLab
    "DISABLE_MLFLOW_INTEGRATION": "TRUE",  # transformers' Trainer leaves MLflow alone
}
MLFLOW_VARIABLE = "MLFLOW_TRACKING_URI"  # MLflow has no off-switch: its runs go to a throwaway store

SNAPSHOT_HASHED = 64 * 1024  # files up to this size are compared by content, bigger ones by size and mtime
SNAPSHOT_HASH_BUDGET = 16 * 1024 * 1024  # bytes hashed per snapshot at most
SNAPSHOT_FILES = 50_000  # files compared at most (in walk order); a virtualenv inside is skipped


class ProjectChanged(UsageError):
    """A run changed the user's files although it was sandboxed (the guard cannot see every write)."""


def requested_mode(no_sandbox: bool) -> str:
    if no_sandbox:
        return "none"
    forced = os.environ.get(FORCE_VARIABLE, "")
    if forced and forced not in MODES:
        raise UsageError(f"{FORCE_VARIABLE}={forced}: must be one of {', '.join(MODES)}")
    return forced or "overlay"


def protected_folders(project: Path, cwd: Path, files: list[Path]) -> list[Path]:
    """The project, the working directory and the folders of the proposed files, without a folder
    that another one already contains."""
    folders = sorted({Path(os.path.realpath(p)) for p in [project, cwd, *(f.parent for f in files)]},
                     key=lambda p: len(p.parts))
    kept: list[Path] = []
    for folder in folders:
        if not any(folder.is_relative_to(k) for k in kept):
            kept.append(folder)
    return kept


@dataclass
class Sandbox:
    """One run's scratch folder: the report, the upper layers or the guard's copies."""

    mode: str
    folders: list[Path]
    scratch: Path
    layers: list[tuple[str, str, str]] = field(default_factory=list)
    before: dict | None = None

    @classmethod
    def prepare(cls, mode: str, scratch: Path, project: Path, cwd: Path, overlay: dict[Path, str]) -> Sandbox:
        folders = protected_folders(project, cwd, list(overlay))
        if mode == "overlay" and any(Path(os.path.realpath(scratch)).is_relative_to(f) for f in folders):
            mode = "guard"  # an upper layer inside the folder it covers: overlayfs refuses it
        sandbox = cls(mode, folders, scratch)
        if mode == "overlay":
            sandbox._put_fixes_in_upper_layers(overlay)
        elif mode == "guard":
            sandbox.before = snapshot(folders, skip=scratch)
        return sandbox

    def _put_fixes_in_upper_layers(self, overlay: dict[Path, str]) -> None:
        for number, folder in enumerate(self.folders):
            upper, work = self.scratch / f"upper{number}", self.scratch / f"work{number}"
            upper.mkdir()
            work.mkdir()
            self.layers.append((str(folder), str(upper), str(work)))
        for path, text in overlay.items():
            real = Path(os.path.realpath(path))
            number, folder = next((n, f) for n, f in enumerate(self.folders) if real.is_relative_to(f))
            copy = self.scratch / f"upper{number}" / real.relative_to(folder)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(_encoded(real, text))
            if real.exists():
                os.chmod(copy, stat.S_IMODE(real.stat().st_mode))

    def probe_spec(self) -> dict:
        return {"mode": self.mode, "layers": self.layers, "roots": [str(f) for f in self.folders],
                "scratch": str(self.scratch / "guard")}

    def environment(self) -> dict[str, str]:
        extra = dict(TRACKERS_OFF, **{MLFLOW_VARIABLE: (self.scratch / "mlruns").as_uri()})
        if self.mode == "guard":
            extra["PYTHONDONTWRITEBYTECODE"] = "1"  # the import system writes bytecode past the guard
        return extra

    def check(self) -> None:
        """After a guarded run: the user's files are as they were, or resolve stops here."""
        if self.before is None:
            return
        after = snapshot(self.folders, skip=self.scratch)
        changed = sorted(os.path.relpath(p) for p in self.before.keys() | after.keys()
                         if self.before.get(p) != after.get(p))
        if changed:
            shown = ", ".join(changed[:10]) + (f" and {len(changed) - 10} more" if len(changed) > 10 else "")
            raise ProjectChanged(f"the script changed files in your project during a sandboxed run "
                                 f"(a write the {self.mode} sandbox cannot see, or your own edit): {shown}")


def _encoded(path: Path, text: str) -> bytes:
    """The proposed text in the bytes resolve would write: the file's own encoding."""
    try:
        return SourceFile.read(path).encode(text)
    except (OSError, SyntaxError, UnicodeEncodeError):
        return text.encode("utf-8")


def snapshot(folders: list[Path], skip: Path) -> dict[str, tuple]:
    """{path: (size, mtime, content hash or None)} for the files under `folders`: small files by
    content, the rest by size and modification time. Bounded: SNAPSHOT_FILES files and
    SNAPSHOT_HASH_BUDGET bytes read at most."""
    state: dict[str, tuple] = {}
    budget = SNAPSHOT_HASH_BUDGET
    skip_real = os.path.realpath(skip)
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            if root == skip_real or "pyvenv.cfg" in files:
                dirs[:] = []
                continue
            dirs.sort()
            for name in sorted(files) + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
                if len(state) >= SNAPSHOT_FILES:
                    return state
                path = os.path.join(root, name)
                try:
                    info = os.lstat(path)
                    digest = None
                    if stat.S_ISREG(info.st_mode) and info.st_size <= SNAPSHOT_HASHED and budget >= info.st_size:
                        budget -= info.st_size
                        with open(path, "rb") as f:
                            digest = hashlib.blake2b(f.read(), digest_size=16).digest()
                except OSError:
                    continue
                state[path] = (info.st_size, info.st_mtime_ns, info.st_mode, digest)
            for name in dirs:
                state.setdefault(os.path.join(root, name) + os.sep, ())
    return state


def scratch_folder() -> tempfile.TemporaryDirectory:
    """A scratch folder for one run, after removing those left by a resolve that was killed."""
    remove_orphans()
    return tempfile.TemporaryDirectory(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-", ignore_cleanup_errors=True)


def remove_orphans() -> None:
    """Scratch folders of resolves that died without cleaning up (SIGKILL, power loss)."""
    base = Path(tempfile.gettempdir())
    try:
        entries = list(base.glob(f"{SCRATCH_PREFIX}*-*"))
    except OSError:
        return
    for entry in entries:
        owner = entry.name[len(SCRATCH_PREFIX):].split("-", 1)[0]
        try:
            mine = entry.stat().st_uid == os.getuid()
        except OSError:
            continue
        if owner.isdigit() and mine and not _alive(int(owner)):
            shutil.rmtree(entry, onerror=_unlock_and_retry)


def _unlock_and_retry(function, path, _):
    """overlayfs leaves its work folder with no permissions at all: open it up, then remove."""
    try:
        os.chmod(os.path.dirname(path), 0o700)
        os.chmod(path, 0o700)
        function(path)
    except OSError:
        pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
