"""Where the wrong value was made, when that is not where the error was raised.

The innermost user frame (Diagnosis.location) is where Python raised; reports point at the cause
instead when the error itself names it:
- a frame the message quotes (`File "train.py", line 13, in forward`): torch.compile's "from user
  code:" section, a DataLoader worker's original traceback;
- a custom `torch.autograd.Function` whose `backward` returned a wrong gradient ("Function
  ClampGradBackward returned an invalid gradient ..."): its `backward`'s return line, not the
  `loss.backward()` that ran it."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

from resolver import notebook
from resolver.diagnose.diagnosis import Diagnosis, Frame

_QUOTED_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<function>[^\n]+))?\n'
                           r'(?P<code>[ \t]+\S[^\n]*)?', re.MULTILINE)
_BACKWARD = re.compile(r"\bfunction (?P<name>\w+?)Backward returned an (?:invalid gradient|incorrect number)",
                       re.IGNORECASE)
_SKIPPED_DIRS = {".git", ".venv", "venv", "site-packages", "dist-packages", "node_modules", "__pycache__"}
MOST_FILES = 400  # files read while looking for a custom Function's class


def find(error: Diagnosis, cwd: Path, project: Path, texts: dict[Path, str]) -> Frame | None:
    """The cause's frame, or None when it is where the error was raised. `texts`: proposed file
    texts that stand in for the disk (the run's overlay)."""
    return _quoted(error, cwd, project) or _custom_backward(error, project, texts)


def _in_project(path: Path, project: Path) -> bool:
    return path.is_relative_to(project) and not _SKIPPED_DIRS & set(path.relative_to(project).parts)


def _quoted(error: Diagnosis, cwd: Path, project: Path) -> Frame | None:
    found = None
    for match in _QUOTED_FRAME.finditer(error.message):
        path = Path(match["file"])
        path = (path if path.is_absolute() else cwd / path).resolve()
        if _in_project(path, project):
            found = Frame(path, int(match["line"]), (match["function"] or "<module>").strip(), True,
                          (match["code"] or "").strip())
    where = error.location
    return None if found is None or where and (where.file, where.line) == (found.file, found.line) else found


def _text(path: Path, texts: dict[Path, str]) -> str:
    if path in texts:
        return texts[path]
    if notebook.is_notebook(path):
        return notebook.to_python(path.read_bytes()).text
    return path.read_text(encoding="utf-8", errors="replace")


def _custom_backward(error: Diagnosis, project: Path, texts: dict[Path, str]) -> Frame | None:
    match = _BACKWARD.search(error.message)
    if match is None:
        return None
    name = match["name"]
    first = [f.file.resolve() for f in reversed(error.frames) if f.user]
    rest = _python_files(project)
    seen = set()
    for path in (*first, *rest):
        if path in seen or len(seen) >= MOST_FILES:
            continue
        seen.add(path)
        try:
            text = _text(path, texts)
        except (OSError, ValueError):
            continue
        if f"class {name}" not in text:
            continue
        frame = _backward_return(path, text, name)
        if frame is not None:
            return frame
    return None


def _python_files(project: Path):
    for folder, dirs, files in os.walk(project):
        dirs[:] = sorted(d for d in dirs if d not in _SKIPPED_DIRS and not d.startswith("."))
        yield from (Path(folder) / name for name in sorted(files) if name.endswith((".py", notebook.SUFFIX)))


def _backward_return(path: Path, text: str, name: str) -> Frame | None:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == name:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "backward":
                    returns = [n for n in ast.walk(item) if isinstance(n, ast.Return)]
                    line = max(n.lineno for n in returns) if returns else item.lineno
                    return Frame(path, line, "backward", True, text.splitlines()[line - 1].strip())
    return None
