"""A Jupyter notebook as the Python program its code cells make, and back.

`resolve train.ipynb` runs the code cells in order as one program. The program is a Python text
with a marker line before each cell (`# %% [cell 7]`, cells counted from 1 over all the cells the
file holds, markdown included, as they appear), so that any line of it maps back to a cell and a
line in that cell (`cell_line`), in this text or in any edited version of it. Shell (`!cmd`) and
magic (`%x`, `%%x`) lines cannot run as Python: each becomes a `pass` that names it, and is put
back as it was when the program is turned back into the notebook (`encode`).

The program lives in memory (the Workspace's text of the notebook) and reaches the probe in the
run's scratch folder, never as a file in the user's project. `encode` writes only the source of
the cells whose text changed, as a splice into the file's own JSON text: outputs, metadata and
every other cell keep their bytes."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from json.decoder import scanstring
from pathlib import Path

SUFFIX = ".ipynb"
_MARKER = re.compile(r"^# %% \[cell (\d+)\]$")
_SKIPPED = re.compile(r"^(?P<indent>[ \t]*)pass  # resolve skipped: (?P<line>.*)$")
_CELL_MAGICS_OF_PYTHON = ("%%time", "%%timeit", "%%capture")  # their body is Python: only the magic line goes
_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")


class NotebookError(ValueError):
    """Not a notebook resolve can run or write: the message is one line for the user."""


def is_notebook(path: Path | str) -> bool:
    return str(path).endswith(SUFFIX)


@dataclass(frozen=True)
class Program:
    text: str
    skipped: tuple[tuple[int, str], ...]  # (cell number, the line) of every shell or magic line left out


def check(raw: bytes, name: str) -> None:
    """nbformat's own reading and validation; a notebook with no code runs nothing and says so."""
    import nbformat

    try:
        node = nbformat.reads(raw.decode("utf-8"), as_version=nbformat.NO_CONVERT)
        nbformat.validate(node)
    except UnicodeDecodeError:
        raise NotebookError(f"{name}: not a notebook (not UTF-8 text)") from None
    except Exception as exc:  # nbformat raises JSON errors, NotJSONError, ValidationError and more
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise NotebookError(f"{name}: not a valid notebook ({first[:160]})") from None
    if node.get("nbformat") != 4:
        raise NotebookError(f"{name}: notebook format {node.get('nbformat')} (resolve reads format 4; "
                            "open and save it in Jupyter to convert it)")
    if not any(c.get("cell_type") == "code" and c.get("source", "").strip() for c in node.cells):
        raise NotebookError(f"{name}: the notebook has no code to run")


def _cells(raw: bytes) -> list[dict]:
    try:
        return json.loads(raw.decode("utf-8"))["cells"]
    except (ValueError, KeyError, TypeError) as exc:
        raise NotebookError(f"not a notebook: {exc}") from None


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def to_python(raw: bytes) -> Program:
    parts, skipped = [], []
    for number, cell in enumerate(_cells(raw), 1):
        if cell.get("cell_type") != "code":
            continue
        lines = _source(cell).splitlines()
        whole_cell = bool(lines) and lines[0].startswith("%%") and not lines[0].split()[0] in _CELL_MAGICS_OF_PYTHON
        out = []
        for index, line in enumerate(lines):
            stripped = line.lstrip()
            if whole_cell or stripped.startswith(("!", "%")) or index == 0 and stripped.startswith("%%"):
                indent = line[:len(line) - len(stripped)] if not whole_cell else ""
                out.append(f"{indent}pass  # resolve skipped: {line[len(indent):]}")
                skipped.append((number, line.strip()))
            else:
                out.append(line)
        parts.append(f"# %% [cell {number}]\n" + "".join(line + "\n" for line in out))
    return Program("".join(parts), tuple(skipped))


def skipped_note(program: Program, name: str) -> str:
    """What was left out, in words, for the report ("" when nothing was)."""
    if not program.skipped:
        return ""
    shown = "; ".join(f"cell {cell}: {line[:60]}" for cell, line in program.skipped[:5])
    more = f" and {len(program.skipped) - 5} more" if len(program.skipped) > 5 else ""
    return (f"{name}: {len(program.skipped)} shell or magic line(s) cannot run as Python and were skipped "
            f"({shown}{more})")


def cell_line(text: str, line: int) -> tuple[int, int] | None:
    """(cell number, line in that cell, from 1) of line `line` of a program; None on a marker."""
    lines = text.splitlines()
    for index in range(min(line, len(lines)) - 1, -1, -1):
        match = _MARKER.match(lines[index])
        if match:
            return (int(match[1]), line - index - 1) if index != line - 1 else None
    return None


def place(name: str, line: int, text: str | None) -> str:
    """"train.ipynb cell 7, line 3" for a line of a notebook's program `text`; else "train.py:12"."""
    cell = cell_line(text, line) if text is not None else None
    return f"{name} cell {cell[0]}, line {cell[1]}" if cell else f"{name}:{line}"


def _chunks(text: str) -> dict[int, list[str]]:
    chunks: dict[int, list[str]] = {}
    current = None
    for line in text.splitlines():
        match = _MARKER.match(line)
        if match:
            current = chunks.setdefault(int(match[1]), [])
        elif current is None:
            raise NotebookError("the program's text before its first cell marker changed")
        else:
            current.append(line)
    return chunks


def encode(raw: bytes, text: str) -> bytes:
    """The notebook `raw` with the code cells of the program `text` written into it: only the
    cells whose program text changed are touched, and only their `source`."""
    before, after = _chunks(to_python(raw).text), _chunks(text)
    if before.keys() != after.keys():
        raise NotebookError("the fix added or removed a cell marker (# %% [cell N])")
    changed = {n: lines for n, lines in after.items() if lines != before[n]}
    if not changed:
        return raw
    document = raw.decode("utf-8")
    cells, spans = _cells(raw), _source_spans(document)
    for number in sorted(changed, reverse=True):  # from the end: earlier spans keep their offsets
        cell, span = cells[number - 1], spans[number - 1]
        if span is None:
            raise NotebookError(f"cell {number} has no source to write the fix into")
        lines = [(m["indent"] + m["line"]) if (m := _SKIPPED.match(line)) else line for line in changed[number]]
        source = "".join(line + "\n" for line in lines)
        if not _source(cell).endswith("\n"):
            source = source[:-1]
        start, end = span
        document = document[:start] + _dumped(source, document[start:end]) + document[end:]
    new = document.encode("utf-8")
    check(new, "the repaired notebook")
    return new


def _dumped(source: str, original: str) -> str:
    """`source` as JSON in the style of the value it replaces: a string, or nbformat's list of
    lines with the same indentation."""
    if not original.startswith("["):
        return json.dumps(source, ensure_ascii=False)
    lines = source.splitlines(True)
    opening = re.match(r"\[(\s*)", original)[1] or "\n"
    closing = re.search(r"(\s*)\]$", original)[1]
    if not lines:
        return "[]"
    return "[" + opening + ("," + opening).join(json.dumps(line, ensure_ascii=False) for line in lines) \
        + closing + "]"


def _space(text: str, at: int) -> int:
    return _SPACE.match(text, at).end()


def _sequence(text: str, at: int, closing: str, read):
    """The items of the JSON object or array whose bracket is at `at`; `read(start)` gives
    (item, end) for the item that starts at `start`."""
    at += 1
    while True:
        at = _space(text, at)
        if text[at] == closing:
            return
        if text[at] == ",":
            at += 1
            continue
        item, at = read(at)
        yield item


def _members(text: str, at: int):
    """(key, value start, value end) of the JSON object that starts at `at`."""
    def member(at: int):
        key, at = scanstring(text, at + 1)
        at = _space(text, _space(text, at) + 1)  # past the colon
        _, end = _DECODER.raw_decode(text, at)
        return (key, at, end), end

    at = _space(text, at)
    if text[at] != "{":
        raise NotebookError("not a notebook: a cell is not a JSON object")
    yield from _sequence(text, at, "}", member)


def _source_spans(document: str) -> list[tuple[int, int] | None]:
    """Where, in the file's JSON text, each cell's "source" value lies."""
    def cell(at: int):
        _, end = _DECODER.raw_decode(document, at)
        return next(((s, e) for k, s, e in _members(document, at) if k == "source"), None), end

    for key, start, _ in _members(document, 0):
        if key == "cells":
            return list(_sequence(document, _space(document, start), "]", cell))
    return []


def label_hunks(diff: str, text: str) -> str:
    """A notebook's unified diff with each hunk header naming its cell (as git names a function)."""
    def label(match: re.Match) -> str:
        where = cell_line(text, int(match[1]) + 3) or cell_line(text, int(match[1]))
        return match[0] + (f" cell {where[0]}" if where else "")
    return re.sub(r"^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@", label, diff, flags=re.MULTILINE)
