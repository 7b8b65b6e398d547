"""The fault suite: bad input, hostile scripts and faults during a repair never cost the user a
byte of code, never leave a process behind, and never show a traceback from resolve.

Every case checks the exit code, the message, the bytes of every file in the project, and that
no process is still running in the project folder."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import BROKEN, FIXED, resolve, snapshot, write

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters



def leftovers(folder: Path) -> list[int]:
    """Processes other than this one whose working directory is inside `folder`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cwd = os.readlink(entry / "cwd")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and (cwd == str(folder) or cwd.startswith(str(folder) + os.sep)):
            found.append(int(entry.name))
    return found


@pytest.fixture
def project(tmp_path):
    folder = tmp_path / "project"
    folder.mkdir()
    yield folder
    time.sleep(0.2)
    assert leftovers(folder) == [], "a process was left running in the project"



def no_traceback(result) -> None:
    assert "Traceback" not in result.stderr.replace("resolve: ", ""), result.stderr


def resolve_without_root_override(folder: Path, *args):
    """Run resolve as root but without the capabilities that let root ignore permission bits,
    so an unreadable or read-only file is what it is for a normal user."""
    command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", sys.executable, "-m", "resolver", *args]
    return subprocess.run(list(map(str, command)), cwd=folder, capture_output=True, text=True, timeout=300)


# --- bad input: one line, exit 2, nothing written ---------------------------------------------

@pytest.mark.parametrize("name, setup, args, message", [
    ("missing_file", lambda d: None, ["missing.py"], "missing.py: no such file"),
    ("directory", lambda d: (d / "folder").mkdir(), ["folder"], "folder: is a directory"),
    ("binary_file", lambda d: (d / "blob.py").write_bytes(b"\x7fELF\x00\x01\x02"), ["blob.py"], "is a binary file"),
    ("non_python_text", lambda d: write(d / "notes.md", "# notes\n- a list\n"), ["notes.md"], "not a Python script"),
    ("syntax_error", lambda d: write(d / "bad.py", "x = 1\ndef f(:\n"), ["bad.py"], "bad.py:2: SyntaxError"),
    ("unknown_module", lambda d: None, ["-m", "no_such_module_here"], "no module named 'no_such_module_here'"),
    ("missing_interpreter", lambda d: write(d / "t.py", ""), ["--python", "/no/python", "t.py"], "no such interpreter"),
    ("interpreter_is_a_folder", lambda d: write(d / "t.py", ""), ["--python", "/tmp", "t.py"], "no such interpreter"),
    ("zero_attempts", lambda d: write(d / "t.py", ""), ["--max-attempts", "0", "t.py"], "--max-attempts"),
    ("unknown_option", lambda d: write(d / "t.py", ""), ["--frobnicate", "t.py"], "unrecognized arguments"),
    ("no_script", lambda d: None, [], "no script given"),
    ("undo_with_nothing_to_undo", lambda d: None, ["--undo"], "nothing to undo"),
])
def test_bad_input(project, name, setup, args, message):
    setup(project)
    before = snapshot(project)
    result = resolve(*args, cwd=project)
    assert result.code == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("resolve: error: ")
    assert message in result.stderr
    assert snapshot(project) == before


def test_interpreter_without_torch(project, tmp_path):
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "bare")], check=True)
    write(project / "train.py", BROKEN)
    result = resolve("--python", tmp_path / "bare" / "bin" / "python", "train.py", cwd=project)
    assert result.code == 2 and "cannot import torch" in result.stderr
    assert result.stderr.count("\n") == 1
    assert (project / "train.py").read_text() == BROKEN


def test_unreadable_file(project):
    path = write(project / "train.py", BROKEN)
    path.chmod(0o000)
    result = resolve_without_root_override(project, "train.py")
    assert result.returncode == 2, result.stderr
    assert result.stderr == "resolve: error: train.py: cannot read: Permission denied\n"
    path.chmod(0o644)
    assert path.read_text() == BROKEN


def test_read_only_file_is_diagnosed_and_the_fix_shown_not_written(project):
    path = write(project / "train.py", BROKEN)
    path.chmod(0o444)
    result = resolve("--no-llm", "train.py", cwd=project)
    no_traceback(result)
    assert result.code == 1
    assert "the verified fix could not be written" in result.stdout and "is read-only" in result.stdout
    assert "+model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))" in result.stdout
    assert path.read_text() == BROKEN and path.stat().st_mode & 0o777 == 0o444


# --- hostile or odd scripts ----------------------------------------------------------------------

def test_hanging_script_with_workers_and_grandchildren_is_killed_whole(project):
    write(project / "hang.py", textwrap.dedent("""\
        import os, subprocess, sys, time
        from torch.utils.data import DataLoader, Dataset

        class Slow(Dataset):
            def __len__(self):
                return 100
            def __getitem__(self, i):
                time.sleep(1000)

        subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time; "
                          "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(1000)']); \
time.sleep(1000)"])
        next(iter(DataLoader(Slow(), batch_size=4, num_workers=2)))
        """))
    before = snapshot(project)
    result = resolve("--no-llm", "--timeout", "6", "hang.py", cwd=project, timeout=120)  # a hang fails the test
    no_traceback(result)
    assert result.code == 1 and "Timeout: the script ran longer than 6s and was stopped" in result.stdout
    assert snapshot(project) == before


def test_children_that_outlive_the_script_are_stopped(project):
    write(project / "spawn.py", "import subprocess, sys\n"
                                "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(1000)'])\n")
    result = resolve("--no-llm", "spawn.py", cwd=project)
    assert result.code == 0 and "Status: NO_ERROR" in result.stdout


def test_hundreds_of_megabytes_of_output_are_capped_and_memory_stays_flat(project):
    write(project / "loud.py", "import sys\nline = 'x' * 1023 + '\\n'\nfor _ in range(300 * 1024):\n"
                               "    sys.stdout.write(line)\nraise RuntimeError('after the flood')\n")
    process = subprocess.Popen([sys.executable, "-m", "resolver", "--no-llm", "--json", "loud.py"], cwd=project,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = 0
    while process.poll() is None:
        try:
            status = Path(f"/proc/{process.pid}/status").read_text()
            peak = max(peak, int(status.split("VmRSS:")[1].split()[0]))
        except (OSError, IndexError):
            pass
        time.sleep(0.05)
    out, err = process.communicate()
    assert process.returncode == 1
    assert json.loads(out)["last_error"]["message"] == "after the flood"
    assert peak < 150 * 1024, f"resolve itself peaked at {peak} kB for 300 MB of output"


def test_binary_and_invalid_utf8_output(project):
    write(project / "train.py", "import sys\nsys.stdout.buffer.write(bytes(range(256)) * 50)\n"
                                "sys.stderr.buffer.write(b'\\xff\\xfe broken \\xc3\\x28\\n')\n" + BROKEN)
    result = resolve("--no-llm", "train.py", cwd=project)
    no_traceback(result)
    assert result.code == 0 and "Status: SUCCESS" in result.stdout


def test_script_that_exits_cleanly_is_no_error_and_untouched(project):
    write(project / "ok.py", "import torch\nprint(torch.ones(2).sum())\n")
    before = snapshot(project)
    result = resolve("--no-llm", "--json", "ok.py", cwd=project)
    assert result.code == 0 and result.json["status"] == "NO_ERROR" and result.json["files_modified"] == []
    assert snapshot(project) == before


@pytest.mark.parametrize("name, body, message", [
    ("segfault", "import ctypes\nctypes.string_at(0)\n", "killed by SIGSEGV"),
    ("os_exit", "import os\nprint('bye')\nos._exit(3)\n", "exited with code 3"),
    ("killed_by_signal", "import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n", "killed by SIGTERM"),
    ("sys_exit_without_traceback", "import sys\nprint('config missing', file=sys.stderr)\nsys.exit(1)\n",
     "sys.exit(1): config missing"),
    ("reads_stdin", "name = input('name? ')\nprint(name)\n", "EOFError"),
])
def test_non_python_causes_are_reported_not_fixed(project, name, body, message):
    write(project / "s.py", body)
    before = snapshot(project)
    result = resolve("--no-llm", "--timeout", "60", "s.py", cwd=project)
    no_traceback(result)
    assert result.code == 1 and message in result.stdout, result.stdout
    assert "Status: FAILED | Errors Fixed: 0 | Files Modified: none" in result.stdout
    assert snapshot(project) == before


def test_script_that_rewrites_its_own_source_changes_only_its_sandbox(project):
    source = "open(__file__, 'a').write('# ran\\n')\n" + BROKEN
    path = write(project / "train.py", source)
    result = resolve("--no-llm", "train.py", cwd=project)
    no_traceback(result)
    assert result.code == 0, result.stdout + result.stderr
    assert path.read_text() == source.replace("nn.Linear(12, 2)", "nn.Linear(16, 2)")


def test_script_that_writes_files_is_fixed_and_writes_nothing(project):
    write(project / "train.py", BROKEN + "torch.save(model.state_dict(), 'model.pt')\n")
    result = resolve("--no-llm", "train.py", cwd=project)
    assert result.code == 0 and "Status: SUCCESS" in result.stdout
    assert (project / "train.py").read_text() == FIXED + "torch.save(model.state_dict(), 'model.pt')\n"
    assert not (project / "model.pt").exists()


def test_script_environment_has_no_api_keys_or_git_redirects(project):
    write(project / "env.py", "import json, os\njson.dump(dict(os.environ), open('../env.json', 'w'))\n")
    result = resolve("--no-llm", "env.py", cwd=project,
                     env={"ANTHROPIC_API_KEY": "sk-ant-secret", "ANTHROPIC_BASE_URL": "http://x",
                          "GIT_DIR": "/elsewhere/.git", "GIT_WORK_TREE": "/elsewhere", "MY_SETTING": "kept"})
    assert result.code == 0
    seen = json.loads((project.parent / "env.json").read_text())
    assert not [k for k in seen if k.startswith("ANTHROPIC_") or k in ("GIT_DIR", "GIT_WORK_TREE")]
    assert seen["MY_SETTING"] == "kept"


# --- faults during a repair ----------------------------------------------------------------------

def _start(project: Path, *args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "resolver", *args], cwd=project,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


# markers go to the project's parent folder: writes inside the project stay in the run's sandbox
SLOW_BROKEN = "import time, pathlib\npathlib.Path('../started').touch()\ntime.sleep(3)\n" + BROKEN


@pytest.mark.parametrize("delay", [0.3, 1.5, 3.0, 4.5, 6.0, 7.5])
def test_ctrl_c_at_any_moment_leaves_the_original_or_the_verified_fix(project, delay):
    path = write(project / "train.py", SLOW_BROKEN)
    process = _start(project, "--no-llm", "train.py")
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert "Traceback" not in err
    if process.returncode in (130, -signal.SIGINT):  # -SIGINT: stopped before Python's handler was in place
        assert process.returncode == -signal.SIGINT or "interrupted; no file was changed" in err
        assert path.read_text() == SLOW_BROKEN
    else:
        assert (process.returncode == 0
                and path.read_text() == SLOW_BROKEN.replace("nn.Linear(12, 2)", "nn.Linear(16, 2)"))


COUNTING_BROKEN = "import time\nwith open('../runs.txt', 'a') as f:\n    f.write('run\\n')\ntime.sleep(2)\n" + BROKEN


def _wait_for_run(project: Path, number: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        runs = project.parent / "runs.txt"
        if runs.exists() and runs.read_text().count("run") >= number:
            return
        time.sleep(0.05)
    raise AssertionError(f"run {number} never started")


def test_user_edit_while_the_fix_is_verified_is_not_overwritten(project):
    path = write(project / "train.py", COUNTING_BROKEN)
    process = _start(project, "--no-llm", "train.py")
    _wait_for_run(project, 2)  # resolve has read the file and is verifying its fix
    with open(path, "a") as f:
        f.write("# my edit\n")
    out, err = process.communicate(timeout=120)
    assert process.returncode == 1 and "was changed while resolve ran; that change was kept" in out
    assert path.read_text() == COUNTING_BROKEN + "# my edit\n"


def test_user_edit_before_resolve_reads_the_file_is_fixed_with_it(project):
    path = write(project / "train.py", COUNTING_BROKEN)
    process = _start(project, "--no-llm", "train.py")
    _wait_for_run(project, 1)  # the first run: resolve has not read the source yet
    with open(path, "a") as f:
        f.write("# my edit\n")
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, out + err
    assert path.read_text() == (COUNTING_BROKEN + "# my edit\n").replace("nn.Linear(12, 2)", "nn.Linear(16, 2)")


def test_two_resolves_on_one_project(project):
    write(project / "train.py", SLOW_BROKEN)
    first = _start(project, "--no-llm", "train.py")
    while not (project.parent / "started").exists():
        time.sleep(0.05)
    second = resolve("--no-llm", "train.py", cwd=project)
    assert second.code == 2 and "another resolve (pid " in second.stderr and "is already working on" in second.stderr
    out, _ = first.communicate(timeout=120)
    assert first.returncode == 0 and "Status: SUCCESS" in out


def test_backup_that_cannot_be_kept_means_nothing_is_written(project, tmp_path):
    write(project / "train.py", BROKEN)
    blocker = write(tmp_path / "cache-is-a-file", "")
    result = resolve("--no-llm", "train.py", cwd=project, env={"XDG_CACHE_HOME": str(blocker)})
    no_traceback(result)
    assert result.code == 2
    assert result.stderr == (f"resolve: error: cannot use {blocker}/resolver/backups for backups and the lock: "
                             "Not a directory\n")
    assert (project / "train.py").read_text() == BROKEN


def test_permission_error_on_write_writes_nothing(project):
    path = write(project / "train.py", BROKEN)
    project.chmod(0o555)  # the file may be written, but no temp file can be made beside it
    try:
        result = resolve_without_root_override(project, "--no-llm", "train.py")
    finally:
        project.chmod(0o755)
    assert "Traceback" not in result.stderr
    assert result.returncode == 1 and "cannot write" in result.stdout, result.stdout
    assert path.read_text() == BROKEN
    assert [p.name for p in project.iterdir()] == ["train.py"], "no temp file is left behind"


def test_crash_while_writing_is_restored_by_the_next_run(project):
    from resolver.write import backups
    from resolver.write.edits import atomic_write

    path = write(project / "train.py", BROKEN)
    env = {"XDG_CACHE_HOME": os.environ["XDG_CACHE_HOME"]}
    half = b"half-written by a resolve that died\n"
    backups.begin(project.resolve(), {path.resolve(): (BROKEN.encode(), 0o100644)}, {path.resolve(): half})
    atomic_write(path, half, 0o100644)  # ...and the process died before finishing the journal
    result = resolve("--no-llm", "--dry-run", "train.py", cwd=project, env=env)
    assert f"restored {path.resolve()} from its backup" in result.stderr
    assert result.code == 0 and path.read_text() == BROKEN


def test_undo_puts_back_the_last_repair(project):
    path = write(project / "train.py", BROKEN)
    assert resolve("--no-llm", "train.py", cwd=project).code == 0
    assert path.read_text() == FIXED
    undone = resolve("--undo", cwd=project)
    assert undone.code == 0 and undone.stdout.strip() == f"restored {path.resolve()}"
    assert path.read_text() == BROKEN
    again = resolve("--undo", cwd=project)
    assert again.code == 2 and "nothing to undo" in again.stderr


def test_undo_refuses_a_file_changed_after_the_repair(project):
    path = write(project / "train.py", BROKEN)
    assert resolve("--no-llm", "train.py", cwd=project).code == 0
    path.write_text(FIXED + "# later work\n")
    undone = resolve("--undo", cwd=project)
    assert undone.code == 1 and "was changed after resolve wrote it; left as it is" in undone.stderr
    assert path.read_text() == FIXED + "# later work\n"


# --- what must survive a fix byte for byte ------------------------------------------------------

@pytest.mark.parametrize("name, encode", [
    ("utf8_bom", lambda text: b"\xef\xbb\xbf" + text.encode()),
    ("latin1_cookie", lambda text: ("# -*- coding: latin-1 -*-\n# écrit à la main\n" + text).encode("latin-1")),
    ("crlf", lambda text: text.replace("\n", "\r\n").encode()),
    ("tabs", lambda text: text.replace("    ", "\t").encode()),
])
def test_encoding_line_endings_and_tabs_survive(project, name, encode):
    path = project / "train.py"
    path.write_bytes(encode(BROKEN))
    path.chmod(0o751)
    result = resolve("--no-llm", "train.py", cwd=project)
    assert result.code == 0, result.stdout + result.stderr
    assert path.read_bytes() == encode(FIXED)
    assert path.stat().st_mode & 0o777 == 0o751


def test_symlinked_script_is_fixed_through_the_link(project, tmp_path):
    real = write(project / "src" / "real_train.py", BROKEN)
    link = project / "train.py"
    link.symlink_to(real)
    result = resolve("--no-llm", "train.py", cwd=project)
    assert result.code == 0
    assert link.is_symlink() and real.read_text() == FIXED
