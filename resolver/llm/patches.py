"""SEARCH/REPLACE patches from an LLM reply: parse them, apply them to the workspace's texts,
and reject what must not be applied, with a reason precise enough to feed back."""

from __future__ import annotations

import ast
import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from resolver.diagnose.diagnosis import Diagnosis
from resolver.write.edits import Change, Edit, Workspace

_SEARCH = re.compile(r"^\s*<{5,9} ?SEARCH\s*$")
_DIVIDER = re.compile(r"^\s*={5,9}\s*$")
_REPLACE = re.compile(r"^\s*>{5,9} ?REPLACE\s*$")
_FENCE = re.compile(r"^\s*```")


@dataclass(frozen=True)
class Block:
    path: str
    search: str
    replace: str


@dataclass(frozen=True)
class Reply:
    blocks: tuple[Block, ...]
    fix: str | None  # the `Fix:` line
    stop: str | None  # the model declined: why


class Rejected(Exception):
    """A patch that must not be applied; the message is fed back to the model."""


def parse_reply(text: str) -> Reply:
    lines = text.splitlines()
    blocks, fix, stop = [], None, None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("Fix:"):
            fix = line.strip()[4:].strip()
        elif line.strip().startswith("STOP:"):
            stop = line.strip()[5:].strip()
        elif _SEARCH.match(line):
            path = _path_before(lines, i)
            search, i = _collect(lines, i + 1, _DIVIDER)
            replace, i = _collect(lines, i + 1, _REPLACE)
            blocks.append(Block(path, search, replace))
        i += 1
    return Reply(tuple(blocks), fix, stop)


def _path_before(lines: list[str], index: int) -> str:
    for line in reversed(lines[:index]):
        if line.strip() and not _FENCE.match(line):
            return line.strip().strip("`*").removeprefix("File:").strip()
    return ""


def _collect(lines: list[str], start: int, end: re.Pattern) -> tuple[str, int]:
    i = start
    while i < len(lines) and not end.match(lines[i]):
        i += 1
    if i == len(lines):
        raise Rejected("a SEARCH/REPLACE block is not closed (missing ======= or >>>>>>> REPLACE)")
    return "\n".join(lines[start:i]), i


def apply(reply: Reply, workspace: Workspace, cwd: Path, error: Diagnosis, reason: str) -> Edit:
    """The reply's blocks as one Edit, or Rejected with why."""
    if not reply.blocks:
        raise Rejected("the reply has no SEARCH/REPLACE block")
    texts: dict[Path, str] = {}
    first_line = None
    for number, block in enumerate(reply.blocks, 1):
        path = (cwd / block.path).resolve()
        if not workspace.is_editable(path):
            raise Rejected(f"block {number}: {block.path} is outside the project; "
                           "only the project's .py files may change")
        if not path.is_file():
            raise Rejected(f"block {number}: {block.path} does not exist; creating files is not allowed")
        current = texts.get(path, workspace.text(path))
        texts[path], line = _replace_once(current, block, number)
        first_line = first_line or line
    changes = []
    for path, text in texts.items():
        before = workspace.text(path)
        try:
            ast.parse(text)
        except SyntaxError as exc:
            raise Rejected(f"the patched {path.name} does not parse: {exc.msg} at line {exc.lineno}") from None
        _refuse_hiding(before, text, path, error)
        if text != before:
            changes.append(Change(path, before, text))
    if not changes:
        raise Rejected("the patch changes nothing")
    return Edit(tuple(changes), first_line or 1, reason, by_llm=True)


def _replace_once(text: str, block: Block, number: int) -> tuple[str, int]:
    """Replace the block's SEARCH lines, matched exactly or up to whitespace; must be unique."""
    if not block.search.strip():
        raise Rejected(f"block {number}: SEARCH is empty")
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.split(newline)
    search = block.search.split("\n")
    replace = block.replace.split("\n") if block.replace else []
    key = [s.strip() for s in search]
    matches = [i for i in range(len(lines) - len(search) + 1)
               if [line.strip() for line in lines[i:i + len(search)]] == key]
    if not matches:
        raise Rejected(f"block {number}: SEARCH text not found in {block.path}")
    if len(matches) > 1:
        raise Rejected(f"block {number}: SEARCH text matches {len(matches)} places in {block.path}; include more lines")
    start = matches[0]
    replace = _reindent(replace, search, lines[start:start + len(search)])
    return newline.join(lines[:start] + replace + lines[start + len(search):]), start + 1


def _reindent(replace: list[str], search: list[str], found: list[str]) -> list[str]:
    """Shift the replacement by the indentation the model dropped or added."""
    for s, f in zip(search, found):
        if s.strip():
            have, want = len(s) - len(s.lstrip()), f[: len(f) - len(f.lstrip())]
            if have == len(want):
                return replace
            return [want + r[have:] if r.strip() and r[:have].strip() == "" else r for r in replace]
    return replace


_SILENCERS = {
    ("warnings", "filterwarnings"): "warnings.filterwarnings",
    ("warnings", "simplefilter"): "warnings.simplefilter",
    ("sys", "exit"): "sys.exit",
    ("os", "_exit"): "os._exit",
    (None, "exit"): "exit()",
    (None, "quit"): "quit()",
}


def _calls(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            key = ((func.value.id if isinstance(func.value, ast.Name) else None, func.attr)
                   if isinstance(func, ast.Attribute) else (None, getattr(func, "id", None)))
            if key in _SILENCERS:
                found.append(_SILENCERS[key])
    return found


def _refuse_hiding(before: str, after: str, path: Path, error: Diagnosis) -> None:
    """Patches that make the error go away without fixing it."""
    old, new = ast.parse(before), ast.parse(after)
    tries = lambda tree: sum(isinstance(n, ast.Try) and bool(n.handlers) for n in ast.walk(tree))  # noqa: E731
    if tries(new) > tries(old):
        raise Rejected("the patch adds a try/except, which hides the error instead of fixing it")
    added = [c for c in _calls(new) if _calls(new).count(c) > _calls(old).count(c)]
    if added:
        raise Rejected(f"the patch adds {added[0]}, which hides the error instead of fixing it")
    for frame in error.frames:
        if frame.user and frame.code and frame.file.resolve() == path.resolve() and _deleted(frame.code, before, after):
            raise Rejected(f"the patch deletes or comments out the failing statement `{frame.code}`")


def _deleted(statement: str, before: str, after: str) -> bool:
    """The failing line is gone: nothing in the new text that is code resembles it."""
    if statement not in before:
        return False
    code_lines = [line.strip() for line in after.splitlines() if line.strip() and not line.strip().startswith("#")]
    return not any(statement in line or difflib.SequenceMatcher(None, statement, line).ratio() > 0.6
                   for line in code_lines)
