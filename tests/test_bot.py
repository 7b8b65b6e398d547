"""Where resolve is called from besides a terminal: the nightly bot on a git branch (real git
repositories, a bare repository as the remote) and the Claude Code subagent."""

import re
import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import BROKEN, FIXED, resolve, snapshot

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters

IDENTITY = {"GIT_AUTHOR_NAME": "bot", "GIT_AUTHOR_EMAIL": "bot@example.com",
            "GIT_COMMITTER_NAME": "bot", "GIT_COMMITTER_EMAIL": "bot@example.com"}


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=folder, check=True, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(folder), **IDENTITY}).stdout.strip()


def checkout_state(repo: Path) -> dict:
    return {"branch": git(repo, "branch", "--show-current"), "head": git(repo, "rev-parse", "HEAD"),
            "status": git(repo, "status", "--porcelain"), "staged": git(repo, "diff", "--cached"),
            "unstaged": git(repo, "diff"),
            "files": {name: data for name, data in snapshot(repo).items() if not name.startswith(".git/")}}


def committed_project(work: Path, remote: Path, files: dict[str, str]) -> Path:
    """A git repository at `work` with `files` in its first commit on main, and a bare `remote`
    as origin."""
    git(remote.parent, "init", "-q", "--bare", str(remote))
    work.mkdir()
    git(work, "init", "-q", "-b", "main")
    for name, text in files.items():
        (work / name).write_text(text)
    git(work, "add", ".")
    git(work, "commit", "-q", "-m", "initial")
    git(work, "remote", "add", "origin", str(remote))
    return work


@pytest.fixture
def repo(tmp_path):
    """A project with a broken train.py committed, an unrelated unstaged edit, a staged change,
    and a bare repository as origin."""
    work = committed_project(tmp_path / "work", tmp_path / "remote.git",
                             {"train.py": BROKEN, "utils.py": "SCALE = 1\n", "notes.md": "# notes\n"})
    (work / "utils.py").write_text("SCALE = 2  # unstaged work in progress\n")
    (work / "notes.md").write_text("# notes\nstaged change\n")
    git(work, "add", "notes.md")
    return work


def test_nightly_branch_commit_and_push_leave_the_checkout_as_it_was(repo):
    before = checkout_state(repo)
    result = resolve("--no-llm", "--branch", "resolve/nightly", "--commit", "--push", "train.py",
                     cwd=repo, env=IDENTITY)
    assert result.code == 0, result.stdout + result.stderr
    assert checkout_state(repo) == before, "branch, HEAD, index, working tree: all as they were"
    remote = repo.parent / "remote.git"
    tip = git(remote, "rev-parse", "refs/heads/resolve/nightly")
    assert git(remote, "rev-list", "--count", f"{before['head']}..{tip}") == "1"
    assert git(remote, "rev-parse", f"{tip}^") == before["head"]
    assert git(remote, "diff-tree", "--no-commit-id", "--name-only", "-r", tip) == "train.py"
    assert git(remote, "show", f"{tip}:train.py") + "\n" == FIXED
    message = git(remote, "log", "-1", "--format=%B", tip)
    assert "[FIXED] train.py:4" in message and "Fix: Changed nn.Linear(12, 2) to nn.Linear(16, 2)" in message
    assert "Status: SUCCESS | Errors Fixed: 1 | Files Modified: train.py" in message
    assert f"Committed to branch resolve/nightly: {tip[:10]}; pushed to origin" in result.stdout


def test_an_existing_branch_is_updated(repo):
    git(repo, "branch", "resolve/nightly")
    (repo / "extra.py").write_text("")
    assert resolve("--no-llm", "--branch", "resolve/nightly", "--commit", "train.py", cwd=repo, env=IDENTITY).code == 0
    head = git(repo, "rev-parse", "HEAD")
    assert git(repo, "rev-parse", "resolve/nightly^") == head
    assert git(repo, "rev-parse", "--abbrev-ref", "HEAD") == "main"


def test_without_commit_the_branch_is_not_touched(repo):
    result = resolve("--no-llm", "--branch", "resolve/nightly", "train.py", cwd=repo, env=IDENTITY)
    assert result.code == 0 and "Not committed: add --commit" in result.stdout
    assert git(repo, "branch", "--list", "resolve/nightly") == ""
    assert (repo / "train.py").read_text() == BROKEN


def test_a_file_with_uncommitted_changes_is_refused(repo):
    (repo / "train.py").write_text(BROKEN + "# my local change\n")
    before = checkout_state(repo)
    result = resolve("--no-llm", "--branch", "resolve/nightly", "--commit", "train.py", cwd=repo, env=IDENTITY)
    assert result.code == 2
    assert result.stderr.strip().endswith("train.py has uncommitted changes; commit or stash them, then run again")
    assert git(repo, "branch", "--list", "resolve/nightly") == ""
    assert checkout_state(repo) == before


@pytest.mark.parametrize("setup, message", [
    (lambda d: git(d, "init", "-q"), "this repository has no commits yet"),
    (lambda d: (git(d, "init", "-q"), (d / "a").write_text("1"), git(d, "add", "a"), git(d, "commit", "-q", "-m", "a"),
                git(d, "checkout", "-q", "--detach")), "HEAD is detached"),
    (lambda d: None, "is not in one"),
])
def test_repositories_that_cannot_take_a_branch(tmp_path, setup, message):
    folder = tmp_path / "p"
    folder.mkdir()
    setup(folder)
    (folder / "train.py").write_text(BROKEN)
    result = resolve("--no-llm", "--branch", "fix", "--commit", "train.py", cwd=folder, env=IDENTITY)
    assert result.code == 2 and message in result.stderr and result.stderr.count("\n") == 1
    assert (folder / "train.py").read_text() == BROKEN


def test_push_needs_commit(repo):
    result = resolve("--branch", "x", "--push", "train.py", cwd=repo)
    assert result.code == 2 and "--push needs --commit" in result.stderr


def test_configured_scripts_each_repaired_worst_exit_code_and_markdown(repo):
    (repo / "pyproject.toml").write_text('[tool.resolve]\nscripts = ["train.py --unused 1", "broken_io.py"]\n')
    (repo / "broken_io.py").write_text("open('missing.csv').read()\n")
    result = resolve("--no-llm", "--json", "--report-md", "report.md", cwd=repo, env=IDENTITY)
    assert result.code == 1
    report = result.json
    assert report["status"] == "FAILED"
    assert [r["status"] for r in report["results"]] == ["SUCCESS", "FAILED"]
    assert report["results"][0]["command"] == "train.py --unused 1"
    assert report["results"][1]["last_error"]["type"] == "FileNotFoundError"
    markdown = (repo / "report.md").read_text()
    assert markdown.startswith("## resolve: FAILED\n") and "### resolve: SUCCESS" in markdown
    assert "### resolve: FAILED" in markdown
    assert "```diff" in markdown and "+model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))" in markdown


def test_output_to_a_pipe_has_no_colour(repo):
    result = resolve("--no-llm", "--dry-run", "train.py", cwd=repo)
    assert "\x1b[" not in result.stdout and "\x1b[" not in result.stderr


# --- the Claude Code subagent ------------------------------------------------------------------

def frontmatter(text: str) -> dict:
    match = re.match(r"^---\n(.*?)\n---\n", text, re.DOTALL)
    assert match, "the agent file starts with YAML frontmatter"
    return yaml.safe_load(match.group(1))


def test_install_agent_writes_a_valid_subagent_matching_the_cli(tmp_path):
    result = resolve("install-agent", cwd=tmp_path)
    assert result.code == 0
    path = tmp_path / ".claude" / "agents" / "pytorch-build-resolver.md"
    text = path.read_text()
    meta = frontmatter(text)
    assert meta["name"] == "pytorch-build-resolver"
    assert "PyTorch" in meta["description"] and "crash" in meta["description"]
    assert set(meta["tools"].split(", ")) >= {"Bash", "Read", "Edit"}
    assert meta["model"] == "inherit"
    assert "resolve --json SCRIPT [ARGS...]" in text
    help_text = resolve("--help", cwd=tmp_path).stdout
    for flag in set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", text)):
        assert flag in help_text, f"the agent mentions {flag}, which resolve does not have"
    for field in ("last_error", "category", "location", "frames", "module", "history", "stop_reason", "diff"):
        assert f"`{field}`" in text
    assert resolve("install-agent", cwd=tmp_path).stdout.startswith("the Claude Code subagent is up to date")


def test_install_agent_keeps_a_changed_file_unless_forced(tmp_path):
    resolve("install-agent", cwd=tmp_path)
    path = tmp_path / ".claude" / "agents" / "pytorch-build-resolver.md"
    path.write_text(path.read_text() + "\nMy own extra instruction.\n")
    refused = resolve("install-agent", cwd=tmp_path)
    assert refused.code == 2 and "use --force" in refused.stderr
    assert path.read_text().endswith("My own extra instruction.\n")
    assert resolve("install-agent", "--force", cwd=tmp_path).code == 0
    assert "My own extra instruction" not in path.read_text()


def test_install_agent_user_scope(tmp_path):
    result = resolve("install-agent", "--user", cwd=tmp_path, env={"HOME": str(tmp_path / "home")})
    assert result.code == 0
    assert (tmp_path / "home" / ".claude" / "agents" / "pytorch-build-resolver.md").exists()


def test_init_ci_writes_a_nightly_workflow_that_uses_real_flags(tmp_path):
    result = resolve("init-ci", cwd=tmp_path)
    assert result.code == 0
    workflow = yaml.safe_load((tmp_path / ".github" / "workflows" / "resolve-nightly.yml").read_text())
    triggers = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads `on` as true
    assert triggers["schedule"][0]["cron"] and "workflow_dispatch" in triggers
    steps = workflow["jobs"]["repair"]["steps"]
    command = next(s["run"] for s in steps if "resolve --branch" in s.get("run", ""))
    assert 'resolve --branch "$RESOLVE_BRANCH" --commit --push --report-md resolve-report.md' in command
    assert workflow["env"]["RESOLVE_BRANCH"] == "resolve/nightly"
    assert any("gh pr create" in s.get("run", "") and "gh pr edit" in s.get("run", "") for s in steps)
    assert resolve("init-ci", cwd=tmp_path).code == 0


def test_several_scripts_put_every_fix_on_one_branch_and_a_missing_one_is_its_own_result(repo):
    """Three configured scripts: two with fixable bugs and one missing. One branch with both fixes,
    in order, pushed once; three results; the exit code is the worst."""
    second = BROKEN.replace("nn.Linear(12, 2)", "nn.Linear(20, 2)")
    (repo / "second.py").write_text(second)
    (repo / "pyproject.toml").write_text('[tool.resolve]\nscripts = ["train.py", "gone.py --x 1", "second.py"]\n')
    git(repo, "add", "second.py", "pyproject.toml")
    git(repo, "commit", "-q", "-m", "second script")
    head = git(repo, "rev-parse", "HEAD")
    result = resolve("--no-llm", "--json", "--branch", "resolve/nightly", "--commit", "--push", "--report-md", "r.md",
                     cwd=repo, env=IDENTITY)
    assert result.code == 1, result.stderr
    report = result.json
    assert [(r["command"], r["status"]) for r in report["results"]] == [
        ("train.py", "SUCCESS"), ("gone.py --x 1", "FAILED"), ("second.py", "SUCCESS")]
    assert report["results"][1]["stop_reason"] == "gone.py: no such file"
    remote = repo.parent / "remote.git"
    tip = git(remote, "rev-parse", "refs/heads/resolve/nightly")
    commits = git(remote, "rev-list", "--reverse", f"{head}..{tip}").split()
    assert commits == report["results"][0]["branch"]["commits"] + report["results"][2]["branch"]["commits"]
    assert [git(remote, "diff-tree", "--no-commit-id", "--name-only", "-r", c)
            for c in commits] == ["train.py", "second.py"]
    assert git(remote, "show", f"{tip}:train.py") + "\n" == FIXED
    assert git(remote, "show", f"{tip}:second.py") + "\n" == second.replace("nn.Linear(20, 2)", "nn.Linear(16, 2)")
    markdown = (repo / "r.md").read_text()
    assert markdown.startswith("## resolve: FAILED\n\nOverall: FAILED | 3 scripts: 2 SUCCESS, 1 FAILED\n")
    assert markdown.count("### resolve: ") == 3 and "- **Reason:** `gone.py`: no such file" in markdown


def test_fixes_of_a_shared_file_build_on_each_other(repo):
    """The second script imports the model the first script's fix repaired: it runs against the
    branch so far, so it needs no second, conflicting fix."""
    (repo / "model.py").write_text(BROKEN)
    (repo / "a.py").write_text("import model\n")
    (repo / "b.py").write_text("import model\nprint('b ran')\n")
    (repo / "pyproject.toml").write_text('[tool.resolve]\nscripts = ["a.py", "b.py"]\n')
    git(repo, "add", "model.py", "a.py", "b.py", "pyproject.toml")
    git(repo, "commit", "-q", "-m", "shared model")
    result = resolve("--no-llm", "--json", "--branch", "resolve/nightly", "--commit", cwd=repo, env=IDENTITY)
    assert result.code == 0, result.stderr
    assert [r["status"] for r in result.json["results"]] == ["SUCCESS", "NO_ERROR"]
    assert git(repo, "show", "resolve/nightly:model.py") + "\n" == FIXED
    assert git(repo, "rev-list", "--count", "HEAD..resolve/nightly") == "1"


def test_a_dirty_script_is_refused_before_anything_runs(repo):
    (repo / "pyproject.toml").write_text('[tool.resolve]\nscripts = ["train.py"]\n')
    (repo / "train.py").write_text(BROKEN + "# my local change\n")
    result = resolve("--branch", "resolve/nightly", "--commit", "--timeout", "0.001", cwd=repo, env=IDENTITY)
    assert result.code == 2 and "train.py has uncommitted changes" in result.stderr
    assert "run 1" not in result.stderr, "nothing may run before the refusal"


def test_the_same_fix_on_the_same_head_is_the_same_commit_and_pushes_nothing(repo):
    args = ("--no-llm", "--branch", "resolve/nightly", "--commit", "--push", "train.py")
    first = resolve(*args, cwd=repo, env=IDENTITY)
    tip = git(repo.parent / "remote.git", "rev-parse", "refs/heads/resolve/nightly")
    later = {**IDENTITY, "GIT_COMMITTER_DATE": "2030-01-01T00:00:00", "GIT_AUTHOR_DATE": "2030-01-01T00:00:00"}
    second = resolve(*args, cwd=repo, env=later)
    assert first.code == second.code == 0
    assert git(repo.parent / "remote.git", "rev-parse", "refs/heads/resolve/nightly") == tip
    assert f"Committed to branch resolve/nightly: {tip[:10]}; origin already had them (nothing pushed)" in second.stdout
