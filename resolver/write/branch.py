"""The nightly bot: commit verified fixes to a branch, one commit per fixed error, without
touching the user's checkout.

The commits are built with git plumbing on a temporary index (read-tree, update-index,
write-tree, commit-tree, update-ref): the user's current branch, index, staged and unstaged work
stay exactly as they were, and only the files resolve changed are in the commits."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from resolver.errors import UsageError
from resolver.write.edits import SourceFile


@dataclass(frozen=True)
class Committed:
    branch: str
    commits: tuple[str, ...]
    files: tuple[str, ...]  # paths relative to the repository root
    pushed_to: str | None = None
    already_there: bool = False  # the remote had these very commits: the push changed nothing


class Bot:
    """A git repository that fixes will be committed to, checked before any work is done."""

    def __init__(self, project: Path, branch: str):
        import git

        try:
            self.repo = git.Repo(project, search_parent_directories=True)
        except (git.InvalidGitRepositoryError, git.NoSuchPathError):
            raise UsageError(f"--branch needs a git repository: {project} is not in one") from None
        if not self.repo.head.is_valid():
            raise UsageError("--branch needs a commit to branch from: this repository has no commits yet")
        if self.repo.head.is_detached:
            raise UsageError("--branch needs a checked-out branch to start from: HEAD is detached")
        try:
            self.repo.git.check_ref_format("--branch", branch)
        except git.GitCommandError:
            raise UsageError(f"--branch {branch}: not a valid branch name") from None
        if self.repo.active_branch.name == branch:
            raise UsageError(f"--branch {branch} is the branch you have checked out; name another one")
        self.branch = branch
        self.root = Path(self.repo.working_tree_dir).resolve()
        self.base = self.repo.head.commit.hexsha
        self.texts: dict[Path, str] = {}  # the files the commits so far changed, as they are on the branch
        # every commit is dated as HEAD is: the same fix on the same HEAD (by the same identity)
        # is the same commit id, so a nightly push of an unchanged fix changes nothing
        self.dates = {name: self.repo.git.log("-1", "--format=%cd", "--date=raw", self.base)
                      for name in ("GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE")}

    def _relative(self, path: Path) -> str:
        return path.resolve().relative_to(self.root).as_posix()

    def refuse_dirty(self, paths: list[Path]) -> None:
        """A file resolve must change may not carry uncommitted work: the commit would take it."""
        changed = {d.a_path for d in self.repo.index.diff(None)} | {d.a_path for d in self.repo.index.diff("HEAD")}
        changed |= set(self.repo.untracked_files)
        dirty = [self._relative(p) for p in paths if self._relative(p) in changed]
        if dirty:
            raise UsageError(f"{', '.join(dirty)} has uncommitted changes; commit or stash them, then run again")

    def commit(self, steps: list[tuple[str, dict[Path, str]]]) -> Committed:
        """One commit per (message, {file: full text after this fix}) on top of HEAD; the
        branch is pointed at the last one."""
        import git

        try:
            return self._commit(steps)
        except git.GitCommandError as exc:
            raise UsageError(f"git could not commit the fix: {' '.join(str(exc.stderr).split())[:300]}") from None

    def _commit(self, steps: list[tuple[str, dict[Path, str]]]) -> Committed:
        parent = self.base
        commits = []
        touched: list[str] = []
        with tempfile.TemporaryDirectory(prefix="resolve-git-") as scratch:
            env = {"GIT_INDEX_FILE": os.path.join(scratch, "index")}
            for message, texts in steps:
                self.repo.git.read_tree(parent, env=env)
                for path, text in texts.items():
                    relative = self._relative(path)
                    blob = os.path.join(scratch, "blob")
                    with open(blob, "wb") as f:
                        f.write(SourceFile.read(path).encode(text))
                    sha = self.repo.git.hash_object("-w", "--no-filters", blob)
                    mode = self._mode(parent, relative)
                    self.repo.git.update_index("--add", "--cacheinfo", f"{mode},{sha},{relative}", env=env)
                    self.texts[path.resolve()] = text
                    if relative not in touched:
                        touched.append(relative)
                tree = self.repo.git.write_tree(env=env)
                parent = self.repo.git.commit_tree(tree, "-p", parent, "-m", message, env=self.dates)
                commits.append(parent)
        self.repo.git.update_ref(f"refs/heads/{self.branch}", parent)
        self.base = parent  # the next script's fixes go on top
        return Committed(self.branch, tuple(commits), tuple(touched))

    def _mode(self, commit: str, relative: str) -> str:
        entry = self.repo.git.ls_tree(commit, "--", relative)
        return entry.split()[0] if entry else "100644"

    def push(self, remote: str) -> bool:
        """Push the branch; True when the remote already had it exactly (nothing changed there)."""
        import git

        try:
            target = self.repo.remote(remote)
        except ValueError:
            raise UsageError(f"--remote {remote}: this repository has no such remote") from None
        try:
            # the bot owns its branch: it is rebuilt from HEAD every night, so it is force-pushed
            results = target.push(f"+refs/heads/{self.branch}:refs/heads/{self.branch}")
        except git.GitCommandError as exc:
            raise PushFailed(f"git push to {remote} failed: {' '.join(str(exc.stderr).split())[:300]}") from None
        failed = [r for r in results if r.flags & r.ERROR]
        if failed:
            raise PushFailed(f"git push to {remote} was rejected: {failed[0].summary.strip()}")
        return all(r.flags & r.UP_TO_DATE for r in results)


class PushFailed(Exception):
    pass
