"""Edits and the files they change.

Proposed texts live in memory and are verified in the run's sandbox (sandbox.py); the user's
files are written once, at the end, only with verified text: each atomically (temp file +
rename, same encoding, line endings and mode), after a journalled backup of the original (see
backups.py), with Ctrl-C held off while they are written. A file the user changed meanwhile is
not overwritten."""

from __future__ import annotations

import difflib
import io
import os
import signal
import stat
import tokenize
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from resolver import notebook
from resolver.write import backups
from resolver.write.files import atomic_write


@dataclass(frozen=True)
class SourceFile:
    path: Path
    raw: bytes
    encoding: str  # 'utf-8-sig' keeps a BOM; a coding cookie is honoured
    mode: int

    @classmethod
    def read(cls, path: Path) -> SourceFile:
        raw = path.read_bytes()
        if notebook.is_notebook(path):
            return NotebookFile(path, raw, "utf-8", path.stat().st_mode)
        encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
        return cls(path, raw, encoding, path.stat().st_mode)

    @property
    def text(self) -> str:
        # bytes.decode keeps "\r\n" as it is: line endings survive the round trip
        return self.raw.decode(self.encoding)

    def encode(self, text: str) -> bytes:
        return text.encode(self.encoding)


@dataclass(frozen=True)
class NotebookFile(SourceFile):
    """A notebook, whose text is the Python program of its code cells (resolver/notebook.py):
    rules, the LLM and diffs see Python; `encode` writes the changed cells back into the JSON."""

    @cached_property
    def text(self) -> str:
        return notebook.to_python(self.raw).text

    def encode(self, text: str) -> bytes:
        return notebook.encode(self.raw, text)


@dataclass(frozen=True)
class Change:
    """One file's whole text before and after."""

    file: Path
    before: str
    after: str


@dataclass(frozen=True)
class Edit:
    """A fix: the files it changes (applied together), where, why, and who made it."""

    changes: tuple[Change, ...]
    line: int  # in the first file
    reason: str
    rule: str = ""  # the rule module's name, stamped by the catalogue; empty for the model's patch
    by_llm: bool = False  # the LLM fallback's patch, not a rule's
    # a category family the fix must clear wherever the error strikes next ("memory." for a smaller
    # batch: out of memory anywhere after it means the batch is still too large), not only where it was
    clears: str = ""

    @property
    def file(self) -> Path:
        return self.changes[0].file

    @property
    def made_by(self) -> str:
        """The maker's name as reports and JSON give it: a rule module, or `llm`."""
        return "llm" if self.by_llm else self.rule


def combined(edits: list[Edit], reason: str) -> Edit | None:
    """Several edits made from the same texts as one: each file's changed spans applied together.
    None when two of them change overlapping spans of a file (they disagree, or one holds the other)."""
    spans: dict[Path, tuple[str, set[tuple[int, int, str]]]] = {}
    for change in (c for e in edits for c in e.changes):
        before, cut = spans.setdefault(change.file, (change.before, set()))
        if before != change.before:
            return None
        cut.add(_span(change))
    changes = []
    for path, (before, cut) in spans.items():
        ordered = sorted(cut)
        if any(a[1] > b[0] or a[:2] == b[:2] for a, b in zip(ordered, ordered[1:])):
            return None
        after = before
        for start, end, text in reversed(ordered):
            after = after[:start] + text + after[end:]
        changes.append(Change(path, before, after))
    return Edit(tuple(changes), edits[0].line, reason, edits[0].rule)


def _span(change: Change) -> tuple[int, int, str]:
    """The one stretch of `before` the change rewrites: (start, end, its new text)."""
    before, after = change.before, change.after
    start = 0
    while start < min(len(before), len(after)) and before[start] == after[start]:
        start += 1
    end = 0
    while end < min(len(before), len(after)) - start and before[-1 - end] == after[-1 - end]:
        end += 1
    return start, len(before) - end, after[start:len(after) - end]


def unified_diff(before: str, after: str, name: str) -> str:
    return "".join(difflib.unified_diff(
        before.splitlines(True), after.splitlines(True), f"a/{name}", f"b/{name}"))


def display_path(path: Path, cwd: Path) -> str:
    """A path as the user would type it from where they ran resolve."""
    try:
        return str(path.relative_to(cwd))
    except ValueError:
        return os.path.relpath(path, cwd) if path.is_absolute() else str(path)


@dataclass(frozen=True)
class WriteResult:
    written: tuple[Path, ...]
    problem: str | None  # why nothing was written, if so


class Workspace:
    """The project's files as resolve proposes them; the disk is only touched by `write`."""

    def __init__(self, project: Path, base: dict[Path, str] | None = None, arguments: tuple[str, ...] = ()):
        """`base`: texts to start from instead of the files on disk (the nightly bot's branch so
        far, when several scripts are repaired one after another); never written. `arguments`:
        the command's arguments, which may name the project's config files (`--config x.yaml`)."""
        self.project, self.arguments = project, arguments
        self._originals: dict[Path, SourceFile] = {}
        self._texts: dict[Path, str] = {}
        self._base = {path.resolve(): text for path, text in (base or {}).items()}
        for path, text in self._base.items():
            on_disk = SourceFile.read(path)
            self._originals[path] = replace(on_disk, raw=on_disk.encode(text))

    def is_editable(self, path: Path) -> bool:
        try:
            relative = path.resolve().relative_to(self.project)
        except ValueError:
            return False
        parts = set(relative.parts)
        return path.suffix in (".py", notebook.SUFFIX) and not parts & {"site-packages", "dist-packages", ".git"}

    def original(self, path: Path) -> SourceFile:
        path = path.resolve()
        if path not in self._originals:
            self._originals[path] = SourceFile.read(path)
        return self._originals[path]

    def text(self, path: Path) -> str:
        path = path.resolve()
        return self._texts.get(path, self.original(path).text if path.exists() else "")

    def peek(self, path: Path) -> str:
        """What `text(path)` would give now, without taking the disk's text as the original that
        the final write is checked against: a look ahead, while the user may still edit the file."""
        path = path.resolve()
        if path in self._texts or path in self._originals:
            return self.text(path)
        return SourceFile.read(path).text

    @property
    def overlay(self) -> dict[Path, str]:
        """Changed files and their proposed text: what the probe imports instead of the disk."""
        return {**self._base, **self._texts}

    @property
    def changed(self) -> tuple[Path, ...]:
        """Files whose proposed text differs from where this workspace started."""
        return tuple(self._texts)

    def state(self) -> frozenset:
        """A value equal for equal proposed texts: for spotting a cycle of edits."""
        return frozenset(self._texts.items())

    def state_after(self, edit: Edit) -> frozenset:
        texts = dict(self._texts)
        for change in edit.changes:
            self._put(texts, change.file.resolve(), change.after)
        return frozenset(texts.items())

    def apply(self, edit: Edit) -> None:
        for change in edit.changes:
            if self.text(change.file) != change.before:
                raise ValueError(f"edit of {change.file} was made against another version of the file")
        for change in edit.changes:
            self._put(self._texts, change.file.resolve(), change.after)

    def revert(self, edit: Edit) -> None:
        for change in edit.changes:
            self._put(self._texts, change.file.resolve(), change.before)

    def _put(self, texts: dict[Path, str], path: Path, text: str) -> None:
        if text == self.original(path).text:
            texts.pop(path, None)
        else:
            texts[path] = text

    def diff(self, cwd: Path) -> str:
        return "".join(self._diff(p, t, cwd) for p, t in self._texts.items())

    def _diff(self, path: Path, text: str, cwd: Path) -> str:
        diff = unified_diff(self.original(path).text, text, display_path(path, cwd))
        return notebook.label_hunks(diff, text) if notebook.is_notebook(path) else diff

    def write(self) -> WriteResult:
        """Write every changed file, or none of them."""
        changes = {}
        for path, text in self._texts.items():
            original = self.original(path)
            try:
                on_disk = path.read_bytes()
            except OSError as exc:
                return WriteResult((), f"cannot read {path} again: {exc.strerror}")
            if on_disk != original.raw:
                return WriteResult((), f"{path} was changed while resolve ran; that change was kept")
            # root may write anything: the missing write bit is the user's "do not touch"
            if not os.access(path, os.W_OK) or not path.stat().st_mode & stat.S_IWUSR:
                return WriteResult((), f"{path} is read-only")
            try:
                changes[path] = original.encode(text)
            except UnicodeEncodeError:
                return WriteResult((), f"the fix cannot be encoded as {original.encoding} in {path}")
            except notebook.NotebookError as exc:
                return WriteResult((), f"the fix cannot be written into {path}: {exc}")
        if not changes:
            return WriteResult((), None)
        originals = {p: (self.original(p).raw, self.original(p).mode) for p in changes}
        try:
            journal = backups.begin(self.project, originals, changes)
        except OSError as exc:
            return WriteResult((), f"cannot keep a backup before writing: {exc.strerror or exc}")
        held = _hold_interrupts()
        written: list[Path] = []
        try:
            for path, data in changes.items():
                atomic_write(path, data, originals[path][1])
                written.append(path)
        except OSError as exc:
            for done in written:  # all or nothing: put back what was already replaced
                atomic_write(done, originals[done][0], originals[done][1])
            return WriteResult((), f"cannot write {path}: {exc.strerror or exc}")
        finally:
            _release_interrupts(held)
        backups.finish(journal)
        return WriteResult(tuple(written), None)



def _hold_interrupts():
    try:
        return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    except (AttributeError, ValueError):
        return None


def _release_interrupts(previous) -> None:
    if previous is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
