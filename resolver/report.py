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

from resolver.diagnose import health
from resolver.status import Status, Verdict
from resolver.write.edits import display_path

if TYPE_CHECKING:  # `resolve --help` loads this module: it stays light
    from resolver.diagnose.diagnosis import Diagnosis
    from resolver.loop import Outcome

MESSAGES = {
    "en": {
        "fixed": "[FIXED] {where}",
        "verified": "[VERIFIED, NOT WRITTEN] {where}",
        "failed": "[FAILED] {where}",
        "error": "Error: {text}",
        "fix": "Fix: {text}",
        "reason": "Reason: {text}",
        "tried": "Tried: {fix} -> {verdict}",
        "remaining": "Remaining errors: {count}",
        "made_by": "Made by: {rule}",
        "at": "At: {where}",
        "smoke_mode": "in smoke mode (DataLoaders at batch_size={batch_size}, first {batches} batches and "
                      "the last of each pass)",
        "full_scale": "at full scale",
        "no_error": "No error: {command} ran to completion {mode}.",
        "full_hint": "If it fails only at full scale, run: resolve --full {command}",
        "dry_run_diff": "Dry run, nothing written. The verified change:",
        "unwritten_diff": "Nothing written. The verified change:",
        "diff": "Diff",
        "llm": "LLM: {calls} call(s), tokens: {input} in, {output} out, {cache_read} cache read",
        "committed": "Committed to branch {branch}: {commits}",
        "pushed": "; pushed to {remote}",
        "already_pushed": "; {remote} already had them (nothing pushed)",
        "not_committed": "Not committed: add --commit to commit this fix to branch {branch}",
        "problem": "Problem: {text}",
        "last_output": "Its last output:",
        "note": "Note: {text}",
        "not_fixed": "Not fixed",
        "script": "Script: {command}",
        "overall": "Overall: {status} | {count} scripts: {counts}",
        "scripts": "Scripts",
        "branch_commits": "Branch {branch}: {count} commit(s), {commits}",
        "sandbox_guard": "Sandbox: guard (Python writes redirected; your files checked after each run)",
        "sandbox_none": "Sandbox: none (--no-sandbox: the runs wrote to your project)",
        "sandbox_refused": "; overlay unavailable: {reason}",
    },
    "zh": {
        "fixed": "[已修复] {where}",
        "verified": "[已验证，未写入] {where}",
        "failed": "[失败] {where}",
        "error": "错误：{text}",
        "fix": "修复：{text}",
        "reason": "原因：{text}",
        "tried": "已尝试：{fix} -> {verdict}",
        "remaining": "剩余错误：{count}",
        "made_by": "来源：{rule}",
        "at": "位置：{where}",
        "smoke_mode": "（冒烟模式：DataLoader 的 batch_size={batch_size}，每轮只跑前 {batches} 个批次和最后一个）",
        "full_scale": "（完整规模）",
        "no_error": "没有错误：{command} 已运行完成{mode}。",
        "full_hint": "如果只在完整规模下出错，请运行：resolve --full {command}",
        "dry_run_diff": "试运行，未写入任何文件。已验证的修改：",
        "unwritten_diff": "未写入任何文件。已验证的修改：",
        "diff": "差异",
        "llm": "LLM：{calls} 次调用，tokens：输入 {input}，输出 {output}，缓存读取 {cache_read}",
        "committed": "已提交到分支 {branch}：{commits}",
        "pushed": "；已推送到 {remote}",
        "already_pushed": "；{remote} 上已有这些提交（未推送）",
        "not_committed": "未提交：加上 --commit 可将此修复提交到分支 {branch}",
        "problem": "问题：{text}",
        "last_output": "最后的输出：",
        "note": "注：{text}",
        "not_fixed": "未修复",
        "script": "脚本：{command}",
        "overall": "总计：{status} | {count} 个脚本：{counts}",
        "scripts": "脚本",
        "branch_commits": "分支 {branch}：{count} 个提交，{commits}",
        "sandbox_guard": "沙箱：guard（Python 的写入被重定向；每次运行后检查你的文件）",
        "sandbox_none": "沙箱：none（--no-sandbox：运行会写入你的项目）",
        "sandbox_refused": "；overlay 不可用：{reason}",
    },
}
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
    return f"{display_path(path, cwd)}:{line}"


def _tried(outcome: Outcome, error: Diagnosis):
    return [a for a in outcome.attempts if a.error.same_error_as(error) and a.verdict != Verdict.FIXED]


# --- text, and the same lines coloured ------------------------------------------------------------

GOOD, BAD, DIFF = "good", "bad", "diff"


def _blocks(report: Report, lang: str) -> list[list[tuple[str, str | None]]]:
    """The report as blocks of (line, style); blocks are separated by a blank line."""
    m = MESSAGES[lang]
    outcome, cwd = report.outcome, report.cwd
    blocks = []
    if outcome is None:
        blocks.append([(m["failed"].format(where=report.command).rstrip(), BAD),
                       (m["reason"].format(text=report.problem), None)])
    else:
        label = "fixed" if outcome.status == Status.SUCCESS else "verified"
        blocks += [_fix_lines(fix, m, label, cwd) for fix in outcome.fixes]
        if outcome.status == Status.FAILED:
            error = outcome.last_error
            where = error.location if error else None
            lines = [(m["failed"].format(where=_where(where.file, where.line, cwd) if where else "").rstrip(), BAD)]
            if error is not None:
                lines.append((m["error"].format(text=error.headline), None))
            lines.append((m["reason"].format(text=outcome.stop_reason), None))
            if error is not None:
                lines += [(m["tried"].format(fix=a.summary, verdict=a.verdict), None) for a in _tried(outcome, error)]
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
        if outcome.diff and (outcome.dry_run or outcome.status == Status.FAILED):
            heading = m["dry_run_diff"] if outcome.dry_run else m["unwritten_diff"]
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


def _fix_lines(fix, m: dict, label: str, cwd: Path) -> list[tuple[str, str | None]]:
    return [(m[label].format(where=_where(fix.edit.file, fix.edit.line, cwd)), GOOD),
            (m["error"].format(text=fix.error.headline), None),
            (m["fix"].format(text=fix.edit.reason), None),
            (m["remaining"].format(count=0 if fix.after is None else 1), None)]


def _overall(reports: list[Report], lang: str) -> str:
    counts = {}
    for r in reports:
        counts[r.status] = counts.get(r.status, 0) + 1
    return MESSAGES[lang]["overall"].format(status=worst(reports), count=len(reports),
                                            counts=", ".join(f"{n} {s}" for s, n in counts.items()))


def text(reports: list[Report], lang: str = "en") -> str:
    parts = []
    for report in reports:
        blocks = _blocks(report, lang)
        if len(reports) > 1:
            blocks.insert(0, [(MESSAGES[lang]["script"].format(command=report.command), None)])
        parts.append("\n\n".join("\n".join(line for line, _ in block) for block in blocks) + "\n")
    if len(reports) > 1:
        parts.append(_overall(reports, lang) + "\n")
    return "\n".join(parts)


def rich(reports: list[Report], lang: str, console) -> None:
    """The text report on a terminal: the same lines, coloured; diffs highlighted."""
    from rich.syntax import Syntax

    styles = {GOOD: "bold green", BAD: "bold red", None: None}
    for index, report in enumerate(reports):
        if index:
            console.print()
        if len(reports) > 1:
            console.print(MESSAGES[lang]["script"].format(command=report.command), style="bold", markup=False)
            console.print()
        for number, block in enumerate(_blocks(report, lang)):
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
    where = error.location
    module = error.module
    return {
        "type": error.error_type,
        "message": error.message,
        "category": error.category,
        "location": {"file": display_path(where.file, cwd), "line": where.line,
                     "function": where.function, "code": where.code} if where else None,
        "frames": [
            {"file": display_path(f.file, cwd), "line": f.line, "function": f.function, "code": f.code,
             "tensors": {k: _tensor(t) for k, t in f.tensors.items()}}
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
        **({"probe_error": error.probe_error} if error.probe_error else {}),  # absent when the probe worked
    }


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
        lines += _markdown(report, m, "###" if len(reports) > 1 else "##")
    return "\n".join(lines) + "\n"


def _markdown(report: Report, m: dict, heading: str) -> list[str]:
    outcome, cwd = report.outcome, report.cwd
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
            lines.append(_bullet(m["error"], f"`{error.headline}`"))
            if error.location:
                where = error.location
                lines.append(_bullet(m["at"], f"`{_where(where.file, where.line, cwd)}` `{where.code}`"))
            lines += [_bullet(m["tried"], f"{code_spans(a.summary)} -> {a.verdict}")
                      for a in _tried(outcome, error)]
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
