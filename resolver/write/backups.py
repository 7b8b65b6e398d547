"""Backups of the user's files, kept before resolve writes them; recovery after a crash;
`resolve --undo`; and the lock that keeps two resolves off one project.

Each write is journalled in ~/.cache/resolver/backups/<project key>/<stamp>/: the original bytes
of every file, the hash of what resolve is about to write, and a state: "writing" until every
file is written, then "written"; "undone" or "recovered" once put back."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import time
from contextlib import contextmanager
from pathlib import Path

from resolver.errors import UsageError
from resolver.write.files import atomic_write


def backup_root() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "resolver" / "backups"


def _project_folder(project: Path) -> Path:
    return backup_root() / hashlib.sha256(str(project).encode()).hexdigest()[:16]


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def begin(project: Path, originals: dict[Path, tuple[bytes, int]], new: dict[Path, bytes]) -> Path:
    """Keep the originals and the intent to write `new`; return the journal folder."""
    folder = _project_folder(project) / f"{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}-{time.monotonic_ns()}"
    folder.mkdir(parents=True)
    files = []
    for index, (path, (raw, mode)) in enumerate(originals.items()):
        copy = folder / f"{index}-{path.name}"
        copy.write_bytes(raw)
        files.append({"path": str(path), "backup": copy.name, "mode": mode,
                      "original_sha256": _sha(raw), "written_sha256": _sha(new[path])})
    _save(folder, {"project": str(project), "state": "writing", "files": files})
    return folder


def finish(folder: Path) -> None:
    manifest = _load(folder)
    _save(folder, dict(manifest, state="written"))


def _save(folder: Path, manifest: dict) -> None:
    temp = folder / "manifest.json.tmp"
    with open(temp, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temp, folder / "manifest.json")


def _load(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def _journals(project: Path) -> list[Path]:
    folder = _project_folder(project)
    if not folder.exists():
        return []
    return sorted((p for p in folder.iterdir() if (p / "manifest.json").exists()), key=lambda p: p.name)


def _restore(folder: Path, manifest: dict, state: str) -> tuple[list[Path], list[str]]:
    """Put back every file that still holds what resolve wrote; leave the others and say why."""

    restored, problems = [], []
    for entry in manifest["files"]:
        path = Path(entry["path"])
        try:
            current = _sha(path.read_bytes())
        except OSError as exc:
            problems.append(f"{path}: {exc.strerror}")
            continue
        if current == entry["original_sha256"]:
            continue
        if current != entry["written_sha256"]:
            problems.append(f"{path} was changed after resolve wrote it; left as it is")
            continue
        atomic_write(path, (folder / entry["backup"]).read_bytes(), entry["mode"])
        restored.append(path)
    _save(folder, dict(manifest, state=state))
    return restored, problems


def recover(project: Path) -> list[Path]:
    """After a resolve died while writing: put back the files it had written."""
    restored = []
    for folder in _journals(project):
        manifest = _load(folder)
        if manifest["state"] == "writing":
            restored += _restore(folder, manifest, "recovered")[0]
    return restored


def undo(project: Path) -> tuple[list[Path], list[str]]:
    """Put back the files of the last repair resolve wrote in this project."""
    written = [f for f in _journals(project) if _load(f)["state"] == "written"]
    if not written:
        raise UsageError(f"nothing to undo: resolve has not changed files in {project}")
    return _restore(written[-1], _load(written[-1]), "undone")


@contextmanager
def project_lock(project: Path):
    """One resolve per project at a time: a second one stops with a clear message."""
    folder = _project_folder(project)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = open(folder / "lock", "a+")
    except OSError as exc:
        raise UsageError(f"cannot use {backup_root()} for backups and the lock: {exc.strerror}") from None
    with lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.seek(0)
            holder = lock.read().strip() or "another process"
            raise UsageError(f"another resolve (pid {holder}) is already working on {project}") from None
        lock.seek(0)
        lock.truncate()
        lock.write(str(os.getpid()))
        lock.flush()
        try:
            yield
        finally:
            lock.seek(0)
            lock.truncate()
            fcntl.flock(lock, fcntl.LOCK_UN)
