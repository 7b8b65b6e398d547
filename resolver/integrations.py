"""Where resolve is called from besides a terminal: `resolve install-agent` writes the Claude
Code subagent; `resolve init-ci` writes the nightly GitHub Actions workflow. Both texts live in
prompts/."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from string import Template

from resolver.edits import atomic_write
from resolver.errors import UsageError, UsageParser

AGENT_NAME = "pytorch-build-resolver"


def _template(name: str) -> str:
    return files("resolver.prompts").joinpath(name).read_text(encoding="utf-8")


def _install(path: Path, text: str, force: bool, what: str) -> int:
    """Write `text` to `path`; a different file already there is only replaced with --force."""
    if path.exists() and path.is_dir():
        raise UsageError(f"{path} is a directory")
    if path.exists():
        current = path.read_bytes()
        if current == text.encode("utf-8"):
            print(f"{what} is up to date: {path}")
            return 0
        if not force:
            raise UsageError(f"{path} exists and differs from resolve's {what}; use --force to overwrite it")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text.encode("utf-8"), 0o100644)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from None
    print(f"wrote {what}: {path}")
    return 0


def install_agent(args: list[str]) -> int:
    parser = UsageParser(prog="resolve install-agent", description="Write the Claude Code subagent for resolve.")
    parser.add_argument("--user", action="store_true", help="into ~/.claude/agents/ instead of ./.claude/agents/")
    parser.add_argument("--force", action="store_true", help="overwrite an agent file that was changed")
    options = parser.parse_args(args)
    folder = (Path.home() if options.user else Path.cwd()) / ".claude" / "agents"
    return _install(folder / f"{AGENT_NAME}.md", _template("agent.md"), options.force, "the Claude Code subagent")


def init_ci(args: list[str]) -> int:
    parser = UsageParser(prog="resolve init-ci", description="Write the nightly GitHub Actions repair workflow.")
    parser.add_argument("--branch", default="resolve/nightly", help="the branch the bot commits to")
    parser.add_argument("--force", action="store_true", help="overwrite a workflow that was changed")
    options = parser.parse_args(args)
    text = Template(_template("nightly-workflow.yml")).substitute(branch=options.branch)
    path = Path.cwd() / ".github" / "workflows" / "resolve-nightly.yml"
    code = _install(path, text, options.force, "the nightly workflow")
    if not (Path.cwd() / "pyproject.toml").exists() or "[tool.resolve]" not in (Path.cwd() / "pyproject.toml").read_text():
        print('next: list the scripts to repair in pyproject.toml:\n[tool.resolve]\nscripts = ["train.py --epochs 1"]')
    return code
