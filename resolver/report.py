"""The status report, as the seed agent's text block and as one JSON object."""

from __future__ import annotations

from pathlib import Path

from resolver.diagnosis import Diagnosis
from resolver.edits import display_path
from resolver.loop import Outcome


def text(outcome: Outcome) -> str:
    cwd = outcome.target.cwd
    blocks = []
    for fix in outcome.fixes:
        block = fix_block(fix, outcome)
        blocks.append(block if outcome.status == "SUCCESS" else block.replace("[FIXED]", "[VERIFIED, NOT WRITTEN]", 1))
    if outcome.status == "FAILED" and outcome.last_error is not None:
        error = outcome.last_error
        where = error.location
        lines = [
            f"[FAILED] {display_path(where.file, cwd)}:{where.line}" if where else "[FAILED]",
            f"Error: {error.headline}",
            f"Reason: {outcome.stop_reason}",
        ]
        lines += [f"Tried: {a.summary} -> {a.verdict}" for a in outcome.attempts
                  if a.error.same_error_as(error) and a.verdict != "fixed"]
        lines.append("Remaining errors: 1")
        blocks.append("\n".join(lines))
    elif outcome.status == "FAILED":
        blocks.append(f"[FAILED]\nReason: {outcome.stop_reason}")
    elif outcome.status == "NO_ERROR":
        mode = ("at full scale" if outcome.settings.full else
                f"in smoke mode (DataLoaders at batch_size={outcome.settings.batch_size}, "
                f"first {outcome.settings.batches} batches and the last of each pass)")
        hint = "" if outcome.settings.full else (
            f"\nIf it fails only at full scale, run: resolve --full {outcome.target.describe()}")
        blocks.append(f"No error: {outcome.target.describe()} ran to completion {mode}.{hint}")
        if outcome.output_tail:
            blocks.append("Its last output:\n" + outcome.output_tail)
    if outcome.diff and (outcome.dry_run or outcome.status == "FAILED"):
        heading = "Dry run, nothing written." if outcome.dry_run else "Nothing written."
        blocks.append(f"{heading} The verified change:\n" + outcome.diff.rstrip("\n"))
    if outcome.llm.calls:
        blocks.append(f"LLM: {outcome.llm.calls} call(s), tokens: {outcome.llm.input} in, "
                      f"{outcome.llm.output} out, {outcome.llm.cache_read} cache read")
    blocks += [f"Note: {note}" for note in outcome.notes]
    blocks.append(status_line(outcome))
    return "\n\n".join(blocks) + "\n"


def status_line(outcome: Outcome) -> str:
    return (f"Status: {outcome.status} | Errors Fixed: {errors_fixed(outcome)} | "
            f"Files Modified: {', '.join(files_modified(outcome)) or 'none'}")


def errors_fixed(outcome: Outcome) -> int:
    """Fixes that reached the user's files (or would have, in a dry run)."""
    return len(outcome.fixes) if outcome.status == "SUCCESS" else 0


def files_modified(outcome: Outcome) -> list[str]:
    """Files written, or, for the bot, committed to its branch."""
    files = outcome.written or (outcome.changed if outcome.to_branch and outcome.status == "SUCCESS" else ())
    return [display_path(p, outcome.target.cwd) for p in files]


def as_json(outcome: Outcome) -> dict:
    cwd = outcome.target.cwd
    return {
        "status": outcome.status,
        "command": outcome.target.describe(),
        "errors_fixed": errors_fixed(outcome),
        "files_modified": files_modified(outcome),
        "fixes": [
            {
                "file": display_path(a.edit.file, cwd),
                "line": a.edit.line,
                "error": a.error.headline,
                "fix": a.edit.reason,
                "rule": a.edit.rule,
                "written": bool(outcome.written),
            }
            for a in outcome.fixes
        ],
        "attempts": len(outcome.attempts),
        "runs": outcome.runs,
        "history": [
            {
                "rule": a.edit.rule if a.edit else "llm",
                "file": display_path(a.edit.file, cwd) if a.edit else None,
                "line": a.edit.line if a.edit else None,
                "fix": a.summary,
                "verdict": a.verdict,
                "error_after": a.after.headline if a.after and a.edit else None,
            }
            for a in outcome.attempts
        ],
        "llm_calls": outcome.llm.calls,
        "tokens": outcome.llm.as_dict(),
        "stop_reason": outcome.stop_reason or None,
        "last_error": diagnosis_json(outcome.last_error, cwd) if outcome.last_error else None,
        "diff": outcome.diff,
        "dry_run": outcome.dry_run,
        "notes": list(outcome.notes),
        "seconds": round(outcome.seconds, 2),
    }


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
    }


def _tensor(t) -> dict:
    return {"shape": list(t.shape), "dtype": t.dtype, "device": t.device, "requires_grad": t.requires_grad}


def fix_block(fix, outcome: Outcome) -> str:
    return "\n".join([
        f"[FIXED] {display_path(fix.edit.file, outcome.target.cwd)}:{fix.edit.line}",
        f"Error: {fix.error.headline}",
        f"Fix: {fix.edit.reason}",
        f"Remaining errors: {0 if fix.after is None else 1}",
    ])


def commit_steps(outcome: Outcome) -> list[tuple[str, dict[Path, str]]]:
    """One (commit message, {file: text after the fix}) per fixed error, in order."""
    steps = []
    for fix in outcome.fixes:
        where = f"{display_path(fix.edit.file, outcome.target.cwd)}:{fix.edit.line}"
        message = (f"resolve: fix {fix.error.error_type} at {where}\n\n{fix_block(fix, outcome)}\n\n"
                   f"{status_line(outcome)}\n")
        steps.append((message, {c.file: c.after for c in fix.edit.changes}))
    return steps


def markdown(outcome: Outcome, committed=None) -> str:
    """The report for a pull request body."""
    lines = [f"## resolve: {outcome.status}", "", f"`{outcome.target.describe()}`", ""]
    for fix in outcome.fixes:
        where = f"{display_path(fix.edit.file, outcome.target.cwd)}:{fix.edit.line}"
        lines += [f"### Fixed `{where}`", "", f"- **Error:** `{fix.error.headline}`", f"- **Fix:** {fix.edit.reason}",
                  f"- **Made by:** {fix.edit.rule}", ""]
    if outcome.status == "FAILED":
        error = outcome.last_error
        lines += ["### Not fixed", "", f"- **Reason:** {outcome.stop_reason}"]
        if error is not None:
            where = error.location
            lines += [f"- **Error:** `{error.headline}`"]
            if where:
                lines += [f"- **At:** `{display_path(where.file, outcome.target.cwd)}:{where.line}` `{where.code}`"]
        lines.append("")
    if outcome.diff:
        lines += ["<details><summary>Diff</summary>", "", "```diff", outcome.diff.rstrip("\n"), "```", "", "</details>", ""]
    if committed is not None:
        lines += [f"Branch `{committed.branch}`: {len(committed.commits)} commit(s), "
                  + ", ".join(f"`{c[:10]}`" for c in committed.commits), ""]
    lines.append(f"**{status_line(outcome)}**")
    return "\n".join(lines) + "\n"
