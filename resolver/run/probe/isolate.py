"""Keeps one run of the user's command off the user's files, from inside the run.

Loaded by path by probe.py (and by a preloaded server) in the user's interpreter, so: standard
library only. Two ways, chosen by resolve (see resolver/sandbox.py):

- overlay: a user + mount namespace with an overlayfs mount over each protected directory; what
  the run writes, creates, deletes or renames lands in a scratch upper layer that resolve throws
  away. The kernel does it, so subprocesses, C extensions and DataLoader workers are covered.
  Split in two steps because a user namespace can only be entered by a single-threaded process:
  `enter_user_namespace()` once, before torch starts threads; then `mount_overlays()` in each
  process that runs the script (a forked child gets its own mount namespace).
- guard: where namespaces are refused, Python-level writes to paths inside the protected
  directories are redirected to a scratch copy (`WriteGuard`); resolve checks the tree afterwards
  for what the guard cannot see.
"""

import builtins
import ctypes
import errno
import io
import os
import shutil
import stat

CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000
MS_REC = 0x4000
MS_PRIVATE = 1 << 18


class SandboxUnavailable(Exception):
    """The kernel refused a step; resolve falls back to the guard."""


def _libc():
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError as exc:
        raise SandboxUnavailable(f"no C library: {exc}") from None


def _check(result, what):
    if result != 0:
        raise SandboxUnavailable(f"{what}: {os.strerror(ctypes.get_errno())}")


def enter_user_namespace():
    """This process enters a new user namespace, mapped to the same uid/gid; it may then make
    namespaces and mounts of its own and nothing else. Must run while single-threaded."""
    if not hasattr(os, "getuid") or not os.path.exists("/proc/self/uid_map"):
        raise SandboxUnavailable("not Linux")
    uid, gid = os.getuid(), os.getgid()
    _check(_libc().unshare(CLONE_NEWUSER), "unshare(CLONE_NEWUSER)")
    try:
        with open("/proc/self/setgroups", "w") as f:
            f.write("deny")
    except FileNotFoundError:
        pass
    for name, value in (("uid_map", uid), ("gid_map", gid)):
        with open(f"/proc/self/{name}", "w") as f:
            f.write(f"{value} {value} 1\n")


def mount_overlays(layers):
    """A mount namespace of this process's own with an overlay over each `(directory, upper,
    work)`: the directory reads as before, writes land in `upper`. Needs enter_user_namespace()
    first (in this process or an ancestor it was forked from)."""
    libc = _libc()
    _check(libc.unshare(CLONE_NEWNS), "unshare(CLONE_NEWNS)")
    _check(libc.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None), "making / private")
    for directory, upper, work in layers:
        if any(c in p for p in (directory, upper, work) for c in ",:\\"):
            raise SandboxUnavailable(f"a path overlayfs cannot take: {directory}")
        options = f"lowerdir={directory},upperdir={upper},workdir={work}"
        # userxattr: the overlay's own metadata in user.* xattrs, which a user namespace may set;
        # without it directory renames and deletes of lower directories fail
        if libc.mount(b"overlay", directory.encode(), b"overlay", 0, f"userxattr,{options}".encode()) != 0:
            _check(libc.mount(b"overlay", directory.encode(), b"overlay", 0, options.encode()),
                   f"mounting an overlay on {directory}")
    os.chdir(os.getcwd())  # the old working directory is the one under the mount


# --- the guard: Python-level copy-on-write ---------------------------------------------------

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _missing(path):
    return FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)


class WriteGuard:
    """Redirects writes through Python to paths inside `roots` into a scratch copy, and reads of
    a redirected path to that copy, so the run sees its own writes and the user's files stay as
    they are. `scratch` sits in resolve's folder for this run, which the guard leaves alone (the
    probe's report goes there). Not covered: writes by C code or by other processes, calls with
    `dir_fd`, and `os.scandir` listings (resolve's before/after check reports such writes)."""

    def __init__(self, roots, scratch):
        self.roots = [os.path.realpath(r) for r in roots]
        self.scratch = os.path.realpath(scratch)
        self.own = os.path.dirname(self.scratch)
        self.deleted = set()  # real paths the run deleted
        self.opaque = set()  # directories recreated after a delete: nothing below them is the user's
        self.os = {name: getattr(os, name) for name in (
            "open", "unlink", "rename", "mkdir", "rmdir", "listdir", "stat", "truncate", "chmod", "utime")}
        self.open = builtins.open

    # -- where a path lives

    def inside(self, path):
        """The real path when `path` is inside a protected directory, else None."""
        if isinstance(path, int):
            return None
        try:
            real = os.path.realpath(os.fsdecode(os.fspath(path)))
        except TypeError:
            return None
        if real == self.own or real.startswith(self.own + os.sep):
            return None
        for root in self.roots:
            if real == root or real.startswith(root + os.sep):
                return real
        return None

    def twin(self, real):
        return os.path.join(self.scratch, real.lstrip(os.sep))

    def _hidden(self, real):
        if real in self.deleted:
            return True
        parent = os.path.dirname(real)
        while parent != real:
            if parent in self.deleted or parent in self.opaque:
                return True
            real, parent = parent, os.path.dirname(parent)
        return False

    def visible(self, real):
        """Where the run sees `real`: its scratch copy, the user's file, or None (gone)."""
        twin = self.twin(real)
        if os.path.lexists(twin):
            return twin
        if self._hidden(real):
            return None
        return real if os.path.lexists(real) else None

    def is_user_folder(self, real):
        try:
            return stat.S_ISDIR(self.os["stat"](real).st_mode)
        except OSError:
            return False

    def for_read(self, path):
        real = self.inside(path)
        if real is None:
            return path
        seen = self.visible(real)
        if seen is None:
            raise _missing(path)
        return seen

    def for_write(self, path, keep_content=True):
        """The scratch path a write to `path` goes to, with the current content copied first."""
        real = self.inside(path)
        if real is None:
            return path
        twin = self.twin(real)
        if not os.path.lexists(twin):
            if self.visible(os.path.dirname(real)) is None:
                raise _missing(path)
            os.makedirs(os.path.dirname(twin), exist_ok=True)
            seen = self.visible(real)
            if seen is not None and keep_content and os.path.isfile(seen):
                shutil.copy2(seen, twin)
        return twin

    def forget(self, real):
        """`real` and everything below it is gone for the run."""
        had_user_copy = not self._hidden(real) and os.path.lexists(real)
        twin = self.twin(real)
        if os.path.isdir(twin) and not os.path.islink(twin):
            shutil.rmtree(twin)
        elif os.path.lexists(twin):
            self.os["unlink"](twin)
        if had_user_copy:
            self.deleted.add(real)
        self.opaque.discard(real)

    # -- the patched functions

    def install(self):
        guard, real_os = self, self.os

        def open_(file, mode="r", *args, **kwargs):
            if isinstance(mode, str) and any(c in mode for c in "wax+"):
                real = guard.inside(file)
                if "x" in mode and real and guard.visible(real):
                    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), file)
                file = guard.for_write(file, keep_content="w" not in mode and "x" not in mode)
            else:
                file = guard.for_read(file)
            return guard.open(file, mode, *args, **kwargs)

        def os_open(path, flags, mode=0o777, *, dir_fd=None):
            if dir_fd is None:
                if flags & _WRITE_FLAGS:
                    path = guard.for_write(path, keep_content=not flags & os.O_TRUNC)
                else:
                    path = guard.for_read(path)
            return real_os["open"](path, flags, mode, dir_fd=dir_fd)

        def remove(path, *, dir_fd=None):
            real = guard.inside(path) if dir_fd is None else None
            if real is None:
                return real_os["unlink"](path, dir_fd=dir_fd)
            seen = guard.visible(real)
            if seen is None:
                raise _missing(path)
            if os.path.isdir(seen) and not os.path.islink(seen):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
            guard.forget(real)

        def rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
            source, target = guard.inside(src), guard.inside(dst)
            if source is None and target is None or src_dir_fd is not None or dst_dir_fd is not None:
                return real_os["rename"](src, dst, src_dir_fd=src_dir_fd, dst_dir_fd=dst_dir_fd)
            seen = guard.for_read(src)
            if source is not None and source == target:
                return None
            movable = source is None or seen != source  # an outside file or the run's own copy
            if target is not None:
                guard.forget(target)
                dst = guard.for_write(dst, keep_content=False)
            if movable:
                try:
                    real_os["rename"](seen, dst)
                except OSError:  # another filesystem
                    _copy(seen, dst)
                    (shutil.rmtree if os.path.isdir(seen) else real_os["unlink"])(seen)
            else:  # the user's own file: the run gets a copy, and the original is gone for it
                _copy(seen, dst)
            if source is not None:
                guard.forget(source)

        def mkdir(path, mode=0o777, *, dir_fd=None):
            real = guard.inside(path) if dir_fd is None else None
            if real is None:
                return real_os["mkdir"](path, mode, dir_fd=dir_fd)
            if guard.visible(real) is not None:
                raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), path)
            if guard.visible(os.path.dirname(real)) is None:
                raise _missing(path)
            if real in guard.deleted:
                guard.deleted.discard(real)
                guard.opaque.add(real)
            twin = guard.twin(real)
            os.makedirs(os.path.dirname(twin), exist_ok=True)
            real_os["mkdir"](twin, mode)

        def rmdir(path, *, dir_fd=None):
            real = guard.inside(path) if dir_fd is None else None
            if real is None:
                return real_os["rmdir"](path, dir_fd=dir_fd)
            if guard.visible(real) is None:
                raise _missing(path)
            if listdir(path):
                raise OSError(errno.ENOTEMPTY, os.strerror(errno.ENOTEMPTY), path)
            guard.forget(real)

        def listdir(path="."):
            real = guard.inside(path)
            if real is None:
                return real_os["listdir"](path)
            if guard.visible(real) is None:
                raise _missing(path)
            names = set()
            if not guard._hidden(real) and real not in guard.opaque and guard.is_user_folder(real):
                names.update(n for n in real_os["listdir"](real) if guard.visible(os.path.join(real, n)))
            twin = guard.twin(real)
            if os.path.isdir(twin):
                names.update(real_os["listdir"](twin))
            return sorted(names)

        def os_stat(path, *, dir_fd=None, follow_symlinks=True):
            if dir_fd is None:
                path = guard.for_read(path)
            return real_os["stat"](path, dir_fd=dir_fd, follow_symlinks=follow_symlinks)

        def changes_in_place(name):
            def changed(path, *args, **kwargs):
                if kwargs.get("dir_fd") is None:
                    path = guard.for_write(path)
                return real_os[name](path, *args, **kwargs)
            return changed

        original_rmtree = shutil.rmtree

        def rmtree(path, ignore_errors=False, *args, **kwargs):
            real = guard.inside(path)
            if real is None:
                return original_rmtree(path, ignore_errors, *args, **kwargs)
            if guard.visible(real) is None:
                if ignore_errors:
                    return None
                raise _missing(path)
            guard.forget(real)

        patched = {"open": os_open, "remove": remove, "unlink": remove, "rename": rename, "replace": rename,
                   "mkdir": mkdir, "rmdir": rmdir, "listdir": listdir, "stat": os_stat,
                   **{name: changes_in_place(name) for name in ("truncate", "chmod", "utime")}}
        for name, function in patched.items():
            setattr(os, name, function)
        builtins.open = io.open = open_
        shutil.rmtree = rmtree
        accessor = getattr(__import__("pathlib"), "_NormalAccessor", None)  # Python 3.10 binds these early
        if accessor is not None:
            for name, function in {**patched, "open": open_}.items():
                if hasattr(accessor, name):
                    setattr(accessor, name, staticmethod(function))

    def install_torch(self, torch):
        """torch.save writes through C++, not through Python's open: redirect its path too."""
        guard, save, load = self, torch.save, torch.load

        def guarded_save(obj, f, *args, **kwargs):
            return save(obj, guard.for_write(f, keep_content=False), *args, **kwargs)

        def guarded_load(f, *args, **kwargs):
            return load(guard.for_read(f), *args, **kwargs)

        torch.save = torch.serialization.save = guarded_save
        torch.load = torch.serialization.load = guarded_load


def _copy(source, destination):
    if os.path.isdir(source) and not os.path.islink(source):
        shutil.copytree(source, destination, symlinks=True)
    else:
        shutil.copy2(source, destination, follow_symlinks=False)
