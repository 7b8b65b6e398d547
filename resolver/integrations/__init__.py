"""Where resolve is called from besides a terminal: `resolve install-agent` writes the Claude
Code subagent (and, with --allow, the permission rule that lets it run resolve without asking);
`resolve init-ci` writes the nightly GitHub Actions workflow. Both texts live beside this module and
ship inside the package."""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path
from string import Template

from resolver import __version__
from resolver.errors import UsageError, UsageParser
from resolver.write.files import atomic_write

AGENT_NAME = "pytorch-build-resolver"
ALLOW_RULE = "Bash(resolve:*)"  # Claude Code's rule for "any command line that starts with resolve"
DISTRIBUTION = "torch-resolver"  # the name on PyPI; the import package is `resolver`


def _template(name: str) -> str:
    return files("resolver.integrations").joinpath(name).read_text(encoding="utf-8")


def _write(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text.encode("utf-8"), 0o100644)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from None


def _install(path: Path, text: str, force: bool, what: str) -> int:
    """Write `text` to `path`; a different file already there is only replaced with --force."""
    if path.is_dir():
        raise UsageError(f"{path} is a directory")
    if path.exists():
        if path.read_bytes() == text.encode("utf-8"):
            print(f"{what} is up to date: {path}")
            return 0
        if not force:
            raise UsageError(f"{path} exists and differs from resolve's {what}; use --force to overwrite it")
    _write(path, text)
    print(f"wrote {what}: {path}")
    return 0


def install_agent(args: list[str]) -> int:
    parser = UsageParser(prog="resolve install-agent",
                         description="Write the Claude Code subagent that runs resolve "
                                     f"(.claude/agents/{AGENT_NAME}.md).")
    parser.add_argument("--user", action="store_true", help="into ~/.claude/ instead of ./.claude/")
    parser.add_argument("--allow", action="store_true",
                        help=f"also add {ALLOW_RULE} to .claude/settings.json, so that Claude Code runs resolve "
                             "without asking each time (the file's other settings are kept)")
    parser.add_argument("--force", action="store_true", help="overwrite an agent file that was changed")
    options = parser.parse_args(args)
    folder = (Path.home() if options.user else Path.cwd()) / ".claude"
    settings = _allowed_settings(folder / "settings.json") if options.allow else None  # checked before any write
    code = _install(folder / "agents" / f"{AGENT_NAME}.md", _template("agent.md"), options.force,
                    "the Claude Code subagent")
    if settings is not None:
        path, text = settings
        if text is None:
            print(f"{ALLOW_RULE} is already allowed in {path}")
        else:
            _write(path, text)
            print(f"allowed {ALLOW_RULE} in {path}")
    return code


def _allowed_settings(path: Path) -> tuple[Path, str | None]:
    """(path, the settings text with the allow rule merged in, or None when it is there already).
    Every other setting is kept; a file that is not a JSON object is an error, never replaced."""
    settings: dict = {}
    if path.exists():
        try:
            settings = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise UsageError(f"{path}: not valid JSON ({exc}); fix it, or add {ALLOW_RULE} to "
                             "permissions.allow by hand") from None
    permissions = settings.get("permissions", {}) if isinstance(settings, dict) else None
    allow = permissions.get("allow", []) if isinstance(permissions, dict) else None
    if not isinstance(allow, list):
        raise UsageError(f"{path}: expected a JSON object whose permissions.allow is a list")
    if ALLOW_RULE in allow:
        return path, None
    settings["permissions"] = {**permissions, "allow": [*allow, ALLOW_RULE]}
    return path, json.dumps(settings, indent=2, ensure_ascii=False) + "\n"


def workflow(branch: str) -> str:
    return Template(_template("nightly-workflow.yml")).substitute(branch=branch, version=__version__)


def init_ci(args: list[str]) -> int:
    parser = UsageParser(prog="resolve init-ci",
                         description="Write the nightly GitHub Actions repair workflow "
                                     f"(.github/workflows/resolve-nightly.yml). It installs {DISTRIBUTION}=="
                                     f"{__version__} and torch from PyTorch's CPU wheel index.")
    parser.add_argument("--branch", default="resolve/nightly", help="the branch the bot commits to")
    parser.add_argument("--force", action="store_true", help="overwrite a workflow that was changed")
    options = parser.parse_args(args)
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._/-]*", options.branch) or ".." in options.branch:
        raise UsageError(f"--branch {options.branch}: use letters, digits and . _ / - only")
    path = Path.cwd() / ".github" / "workflows" / "resolve-nightly.yml"
    code = _install(path, workflow(options.branch), options.force, "the nightly workflow")
    pyproject = Path.cwd() / "pyproject.toml"
    if not pyproject.exists() or "[tool.resolve]" not in pyproject.read_text(encoding="utf-8", errors="replace"):
        print('next: list the scripts to repair in pyproject.toml:\n[tool.resolve]\nscripts = ["train.py --epochs 1"]')
    print('and in the repository settings, allow GitHub Actions to create pull requests '
          '(Settings > Actions > General); see the comment at the top of the workflow')
    return code
