"""The status report: one `Report` value per script, rendered as text (the seed agent's block
format), rich (the same lines, coloured, on a terminal), JSON and Markdown.

Every word a reader sees comes from one message table per language; JSON keys and the final
`Status:` line stay English in every language (the seed keeps that line in English too)."""

from __future__ import annotations

import locale
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from resolver import notebook
from resolver.diagnose import health
from resolver.messages import MESSAGES
from resolver.pointers import pointers
from resolver.status import Status, Verdict
from resolver.write.edits import SourceFile, display_path

if TYPE_CHECKING:  # `resolve --help` loads this module: it stays light
    from resolver.diagnose.diagnosis import Diagnosis
    from resolver.loop import Outcome

LANGUAGES = tuple(MESSAGES)


def language(chosen: str | None = None, environ=os.environ) -> str:
    """--lang, else RESOLVE_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG): Chinese or English."""
    for value in (chosen, environ.get("RESOLVE_LANG"), environ.get("LC_ALL"), environ.get("LC_MESSAGES"),
                  environ.get("LANG")):
        if value:
            return "zh" if locale.normalize(value).lower().startswith("zh") else "en"
    return "en"


@dataclass(frozen=True)
class Report:
    """What happened to one script: its repair outcome, or why it could not be run, and what the
    nightly bot did with the fix."""

    command: str
    cwd: Path
    outcome: Outcome | None = None  # None: the script could not be run at all (see problem)
    problem: str | None = None  # why it could not be run, or why its fix was not committed or pushed
    committed: object | None = None  # branch.Committed, with --branch --commit
    uncommitted_branch: str | None = None  # --branch without --commit: where the fix would go

    @property
    def status(self) -> Status:
        return self.outcome.status if self.outcome else Status.FAILED

    @property
    def failed(self) -> bool:
        return self.status == Status.FAILED or self.problem is not None


def worst(reports: list[Report]) -> Status:
    statuses = {r.status for r in reports}
    return (Status.FAILED if Status.FAILED in statuses else Status.SUCCESS if Status.SUCCESS in statuses
            else Status.NO_ERROR)


# --- the facts every rendering shares ------------------------------------------------------------

def errors_fixed(outcome: Outcome | None) -> int:
    """Fixes that reached the user's files (or would have, in a dry run, or went to the branch)."""
    return len(outcome.fixes) if outcome and outcome.status == Status.SUCCESS else 0


def files_modified(outcome: Outcome | None) -> list[str]:
    """Files written, or, for the bot, committed to its branch."""
    if outcome is None:
        return []
    files = outcome.written or (outcome.changed if outcome.to_branch and outcome.status == Status.SUCCESS else ())
    return [display_path(p, outcome.target.cwd) for p in files]


def status_line(report: Report) -> str:
    return (f"Status: {report.status} | Errors Fixed: {errors_fixed(report.outcome)} | "
            f"Files Modified: {', '.join(files_modified(report.outcome)) or 'none'}")


def _where(path: Path, line: int, cwd: Path) -> str:
    return notebook.place(display_path(path, cwd), line, _program(path))


def _program(path: Path) -> str | None:
    """A notebook's program as the notebook is now; None for a Python file."""
    if not notebook.is_notebook(path):
        return None
    try:
        return SourceFile.read(path).text
    except (OSError, ValueError):
        return None


def _cell(path: Path, line: int) -> tuple[int, int] | None:
    """A notebook's (cell, line in the cell) of a line of its program."""
    program = _program(path)
    return notebook.cell_line(program, line) if program is not None else None


def _cell_json(path: Path, line: int) -> dict:
    cell = _cell(path, line)
    return {"cell": cell[0], "cell_line": cell[1]} if cell else {}


def headline(error: Diagnosis, outcome: Outcome | None) -> str:
    return error.headline + _at_your_batch_size(error, outcome)


# a shape in a message: torch.Size([2, 12]), [2, 12] (two dimensions or more) or 2x12
_SHAPE = re.compile(r"(?:torch\.Size\()?\[(\d+)((?:, ?\d+)+)\]\)?|(?<![\w.])(\d+)((?:x\d+)+)(?![\w.])")


def _at_your_batch_size(error: Diagnosis, outcome: Outcome | None) -> str:
    """" (at your batch size: 16x12)" when the message's first shape is at smoke mode's batch size
    and smoke mode lowered one batch size of the user's: the user's own run shows that shape instead."""
    lowered = set(getattr(outcome, "lowered_batch_sizes", ()) or ()) if outcome else set()
    if len(lowered) != 1 or outcome.settings.full:
        return ""
    smoke, (own,) = outcome.settings.batch_size, lowered
    match = _SHAPE.search(error.headline)
    if match is None or int(match[1] or match[3]) != smoke or own == smoke:
        return ""
    dimensions = [str(own), *re.findall(r"\d+", match[2] or match[4])]
    return f" (at your batch size: {'x'.join(dimensions)})"


def _tried(outcome: Outcome, error: Diagnosis):
    return [a for a in outcome.attempts if a.error.same_error_as(error) and a.verdict != Verdict.FIXED]


# --- text, and the same lines coloured ------------------------------------------------------------

GOOD, BAD, DIFF = "good", "bad", "diff"


def _blocks(report: Report, lang: str, show_diff: bool = True) -> list[list[tuple[str, str | None]]]:
    """The report as blocks of (line, style); blocks are separated by a blank line. The diff of a
    written fix is left out with `show_diff` False (-q); a dry run's or an unwritten one's stays."""
    m = MESSAGES[lang]
    outcome, cwd = report.outcome, report.cwd
    blocks = []
    if outcome is None:
        blocks.append([(m["failed"].format(where=report.command).rstrip(), BAD),
                       (m["reason"].format(text=report.problem), None)])
    else:
        label = "fixed" if outcome.status == Status.SUCCESS else "verified"
        blocks += [_fix_lines(fix, m, label, cwd, outcome) for fix in outcome.fixes]
        if outcome.status == Status.FAILED:
            error = outcome.last_error
            where = (error.cause or error.location) if error else None
            lines = [(m["failed"].format(where=_where(where.file, where.line, cwd) if where else "").rstrip(), BAD)]
            if error is not None:
                lines.append((m["error"].format(text=headline(error, outcome)), None))
                if error.ranks and error.source != "hang":  # a hang's message already names every rank
                    lines.append((m["ranks"].format(text="; ".join(error.ranks)), None))
            lines.append((m["reason"].format(text=outcome.stop_reason), None))
            if error is not None:
                lines += [(m["tried"].format(fix=a.summary, verdict=a.verdict), None) for a in _tried(outcome, error)]
                lines += [(text, None) for text in pointers(error, lang, lambda file, line: _where(file, line, cwd))]
                lines.append((m["remaining"].format(count=1), None))
            blocks.append(lines)
        elif outcome.status == Status.NO_ERROR:
            settings = outcome.settings
            mode = m["full_scale"] if settings.full else m["smoke_mode"].format(
                batch_size=settings.batch_size, batches=settings.batches)
            lines = [(m["no_error"].format(command=report.command, mode=mode), None)]
            if not settings.full:
                lines.append((m["full_hint"].format(command=report.command), None))
            blocks.append(lines)
            if outcome.output_tail:
                blocks.append([(m["last_output"], None), (outcome.output_tail, None)])
        if outcome.diff and (outcome.dry_run or outcome.status == Status.FAILED or show_diff):
            heading = m["dry_run_diff"] if outcome.dry_run else m["written_diff"] if outcome.written else \
                m["unwritten_diff"]
            blocks.append([(heading, None), (outcome.diff.rstrip("\n"), DIFF)])
        if outcome.llm.calls:
            blocks.append([(m["llm"].format(calls=outcome.llm.calls, **outcome.llm.as_dict()), None)])
        if outcome.status != Status.FAILED or outcome.health:
            blocks.append([(health.report_line(outcome.health, lang), None)])
        blocks += [[(m["note"].format(text=note), None)] for note in outcome.notes]
        if outcome.sandbox != "overlay":  # the usual case goes unsaid in text; the JSON always names it
            blocks.append([(m[f"sandbox_{outcome.sandbox}"] + (m["sandbox_refused"].format(reason=outcome.sandbox_note)
                                                               if outcome.sandbox_note else ""), None)])
    bot = []
    if report.committed is not None:
        committed = report.committed
        bot.append((m["committed"].format(branch=committed.branch, commits=", ".join(c[:10] for c in committed.commits))
                    + (m["already_pushed" if committed.already_there else "pushed"].format(remote=committed.pushed_to)
                       if committed.pushed_to else ""), None))
    if report.uncommitted_branch:
        bot.append((m["not_committed"].format(branch=report.uncommitted_branch), None))
    if report.problem and outcome is not None:
        bot.append((m["problem"].format(text=report.problem), BAD))
    if bot:
        blocks.append(bot)
    blocks.append([(status_line(report), GOOD if report.status == Status.SUCCESS else BAD
                    if report.status == Status.FAILED else None)])
    return blocks


def _fix_lines(fix, m: dict, label: str, cwd: Path, outcome=None) -> list[tuple[str, str | None]]:
    return [(m[label].format(where=_where(fix.edit.file, fix.edit.line, cwd)), GOOD),
            (m["error"].format(text=fix.error.headline + _at_your_batch_size(fix.error, outcome)), None),
            (m["fix"].format(text=fix.edit.reason), None),
            (m["remaining"].format(count=0 if fix.after is None else 1), None)]


def _overall(reports: list[Report], lang: str) -> str:
    counts = {}
    for r in reports:
        counts[r.status] = counts.get(r.status, 0) + 1
    return MESSAGES[lang]["overall"].format(status=worst(reports), count=len(reports),
                                            counts=", ".join(f"{n} {s}" for s, n in counts.items()))


def text(reports: list[Report], lang: str = "en", show_diff: bool = True) -> str:
    parts = []
    for report in reports:
        blocks = _blocks(report, lang, show_diff)
        if len(reports) > 1:
            blocks.insert(0, [(MESSAGES[lang]["script"].format(command=report.command), None)])
        parts.append("\n\n".join("\n".join(line for line, _ in block) for block in blocks) + "\n")
    if len(reports) > 1:
        parts.append(_overall(reports, lang) + "\n")
    return "\n".join(parts)


def rich(reports: list[Report], lang: str, console, show_diff: bool = True) -> None:
    """The text report on a terminal: the same lines, coloured; diffs highlighted."""
    from rich.syntax import Syntax

    styles = {GOOD: "bold green", BAD: "bold red", None: None}
    for index, report in enumerate(reports):
        if index:
            console.print()
        if len(reports) > 1:
            console.print(MESSAGES[lang]["script"].format(command=report.command), style="bold", markup=False)
            console.print()
        for number, block in enumerate(_blocks(report, lang, show_diff)):
            if number:
                console.print()
            for line, style in block:
                if style == DIFF:
                    console.print(Syntax(line, "diff", theme="ansi_dark", background_color="default"))
                else:
                    console.print(line, style=styles[style], markup=False)
    if len(reports) > 1:
        console.print()
        console.print(_overall(reports, lang), style="bold", markup=False)


# --- JSON ---------------------------------------------------------------------------------------

def as_json(reports: list[Report]) -> dict:
    """One object for one script; for several, {"status": worst, "results": [...]}."""
    objects = [_json(r) for r in reports]
    return objects[0] if len(objects) == 1 else {"status": worst(reports), "results": objects}


def _json(report: Report) -> dict:
    outcome, cwd = report.outcome, report.cwd
    data = {
        "status": report.status,
        "command": report.command,
        "errors_fixed": errors_fixed(outcome),
        "files_modified": files_modified(outcome),
        "fixes": [
            {
                "file": display_path(a.edit.file, cwd),
                "line": a.edit.line,
                **_cell_json(a.edit.file, a.edit.line),
                "error": a.error.headline,
                "fix": a.edit.reason,
                "rule": a.edit.made_by,
                "written": bool(outcome.written),
            }
            for a in (outcome.fixes if outcome else ())
        ],
        "attempts": len(outcome.attempts) if outcome else 0,
        "runs": outcome.runs if outcome else 0,
        "history": [
            {
                "rule": a.edit.made_by if a.edit else "llm",  # a rejected patch is the model's
                "file": display_path(a.edit.file, cwd) if a.edit else None,
                "line": a.edit.line if a.edit else None,
                "fix": a.summary,
                "verdict": a.verdict,
                "error_after": a.after.headline if a.after and a.edit else None,
            }
            for a in (outcome.attempts if outcome else ())
        ],
        "llm_calls": outcome.llm.calls if outcome else 0,
        "tokens": outcome.llm.as_dict() if outcome else {"input": 0, "output": 0, "cache_read": 0},
        "stop_reason": (outcome.stop_reason or None) if outcome else report.problem,
        "last_error": diagnosis_json(outcome.last_error, cwd) if outcome and outcome.last_error else None,
        "diff": outcome.diff if outcome else "",
        "dry_run": outcome.dry_run if outcome else False,
        "notes": list(outcome.notes) if outcome else [],
        "sandbox": outcome.sandbox if outcome else None,
        "health": outcome.health if outcome else None,  # what the training checks saw; null: --no-health
        "seconds": round(outcome.seconds, 2) if outcome else 0.0,
    }
    if report.committed is not None:
        committed = report.committed
        data["branch"] = {"name": committed.branch, "commits": list(committed.commits),
                          "files": list(committed.files), "pushed_to": committed.pushed_to}
    if report.problem and outcome is not None:
        data["problem"] = report.problem
    return data


def diagnosis_json(error: Diagnosis, cwd: Path) -> dict:
    module = error.module
    return {
        "type": error.error_type,
        "message": error.message,
        "category": error.category,
        # where the wrong value was made when the error names it, else where it was raised
        "location": _frame_json(error.cause or error.location, cwd),
        **({"raised_at": _frame_json(error.location, cwd)} if error.cause else {}),
        "frames": [
            {**_frame_json(f, cwd), "tensors": {k: _tensor(t) for k, t in f.tensors.items()}}
            for f in error.frames if f.user
        ],
        "module": {
            "path": module.path,
            "class": module.class_name,
            "attributes": module.attributes,
            "inputs": [_tensor(t) if t else None for t in module.inputs],
            "constructed_at": f"{display_path(module.site.file, cwd)}:{module.site.line}" if module.site else None,
        } if module else None,
        "counters": error.counters,
        **({"ranks": list(error.ranks)} if error.ranks else {}),  # a distributed run: what each rank did
        **({"probe_error": error.probe_error} if error.probe_error else {}),  # absent when the probe worked
    }


def _frame_json(where, cwd: Path) -> dict | None:
    return {"file": display_path(where.file, cwd), "line": where.line, **_cell_json(where.file, where.line),
            "function": where.function, "code": where.code} if where else None


def _tensor(t) -> dict:
    return {"shape": list(t.shape), "dtype": t.dtype, "device": t.device, "requires_grad": t.requires_grad}


# --- git commit messages (English: they live in the repository's history) -----------------------------

def commit_steps(report: Report) -> list[tuple[str, dict[Path, str]]]:
    """One (commit message, {file: text after the fix}) per fixed error, in order."""
    steps = []
    for fix in report.outcome.fixes:
        block = "\n".join(line for line, _ in _fix_lines(fix, MESSAGES["en"], "fixed", report.cwd))
        message = (f"resolve: fix {fix.error.error_type} at {_where(fix.edit.file, fix.edit.line, report.cwd)}\n\n"
                   f"{block}\n\n{status_line(report)}\n")
        steps.append((message, {c.file: c.after for c in fix.edit.changes}))
    return steps


# --- Markdown (a pull request body, a job summary) ------------------------------------------------

# code-looking spans in prose: dotted names, calls, keyword=value, snake_case names
_CODE = re.compile(r"(?<![\w`])(?:\.?[A-Za-z_]\w*(?:\((?:[^()]|\([^()]*\))*\))?(?:\.[A-Za-z_]\w*"
                   r"(?:\((?:[^()]|\([^()]*\))*\))?)*(?:=\w+)?)")


def code_spans(prose: str) -> str:
    """Put the code in a sentence in backticks (spans already in backticks are left as they are),
    so that `super().__init__()` does not render as bold "init"."""
    parts = prose.split("`")
    for i in range(0, len(parts), 2):  # even parts are outside backticks
        parts[i] = _CODE.sub(lambda m: f"`{m.group(0)}`" if re.search(r"[.(_=]", m.group(0)) else m.group(0),
                             parts[i])
    return "`".join(parts)


def markdown(reports: list[Report], lang: str = "en") -> str:
    m = MESSAGES[lang]
    lines = []
    if len(reports) > 1:
        lines += [f"## resolve: {worst(reports)}", "", _overall(reports, lang), "",
                  f"| {m['scripts']} | Status |", "|---|---|"]
        lines += [f"| `{r.command}` | {r.status} |" for r in reports]
        lines.append("")
    for report in reports:
        lines += _markdown(report, lang, "###" if len(reports) > 1 else "##")
    return "\n".join(lines) + "\n"


def _markdown(report: Report, lang: str, heading: str) -> list[str]:
    m, outcome, cwd = MESSAGES[lang], report.outcome, report.cwd
    sub = heading + "#"
    lines = [f"{heading} resolve: {report.status}", "", f"`{report.command}`", ""]
    if outcome is None:
        return lines + [_bullet(m["reason"], code_spans(report.problem)), "",
                        f"**{status_line(report)}**", ""]
    for fix in outcome.fixes:
        lines += [f"{sub} {m['fixed'].format(where='`' + _where(fix.edit.file, fix.edit.line, cwd) + '`')}", "",
                  _bullet(m["error"], f"`{fix.error.headline}`"), _bullet(m["fix"], code_spans(fix.edit.reason)),
                  _bullet(m["made_by"], f"`{fix.edit.made_by}`"), ""]
    if outcome.status == Status.FAILED:
        error = outcome.last_error
        lines += [f"{sub} {m['not_fixed']}", "", _bullet(m["reason"], code_spans(outcome.stop_reason))]
        if error is not None:
            lines.append(_bullet(m["error"], f"`{headline(error, outcome)}`"))
            if error.cause or error.location:
                where = error.cause or error.location
                lines.append(_bullet(m["at"], f"`{_where(where.file, where.line, cwd)}` `{where.code}`"))
            lines += [_bullet(m["tried"], f"{code_spans(a.summary)} -> {a.verdict}")
                      for a in _tried(outcome, error)]
            lines += [f"- {text}" for text in pointers(error, lang, lambda file, line: _where(file, line, cwd))]
        lines.append("")
    if outcome.diff:
        lines += [f"<details><summary>{m['diff']}</summary>", "", "```diff", outcome.diff.rstrip("\n"), "```", "",
                  "</details>", ""]
    lines += [_bullet(m["note"], code_spans(note)) for note in outcome.notes]
    if report.committed is not None:
        committed = report.committed
        lines += [m["branch_commits"].format(branch=f"`{committed.branch}`", count=len(committed.commits),
                                             commits=", ".join(f"`{c[:10]}`" for c in committed.commits)), ""]
    if report.problem:
        lines += [_bullet(m["problem"], code_spans(report.problem)), ""]
    lines += [f"**{status_line(report)}**", ""]
    return lines


def _bullet(label: str, value: str) -> str:
    """`- **Error:** value` from the message "Error: {text}" (or "错误：{text}")."""
    return f"- **{label.split('{')[0].strip()}** {value}"
