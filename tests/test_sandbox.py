"""Every run of the user's script is sandboxed: whatever resolve ends with (fixed, failed, dry run,
full run, timeout, Ctrl-C), the project is byte for byte what it was, plus the fix."""

import glob
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
from conftest import BROKEN, FIXED, resolve, snapshot, write

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters

# Every kind of write a training script makes, then a crash (the Linear of BROKEN, or one no rule
# fixes, or a long sleep). The script checks that it sees its own writes, as in a plain run.
WRITES = textwrap.dedent("""\
    import os, shutil, subprocess, sys, time
    import numpy as np
    import torch
    from pathlib import Path
    from torch.utils.data import DataLoader

    def worker_writes(worker_id):
        open("worker.txt", "w").write("from a DataLoader worker")

    torch.save({"weights": torch.zeros(3)}, "best.pt")
    assert torch.load("best.pt")["weights"].shape == (3,)
    with open("train.log", "a") as log:
        log.write("epoch 1 loss 0.1\\n")
    assert open("train.log").read().endswith("epoch 1 loss 0.1\\n")
    os.makedirs("outputs/run1/plots", exist_ok=True)
    Path("outputs/run1/plots/metrics.csv").write_text("step,loss\\n1,0.1\\n")
    np.save("outputs/run1/embeddings.npy", np.zeros(4))
    assert np.load("outputs/run1/embeddings.npy").shape == (4,)
    os.remove("stale.tmp")
    assert not os.path.exists("stale.tmp")
    os.rename("last.pt", "previous.pt")
    shutil.copy("config.yaml", "outputs/config.yaml")
    PROCESS_WRITES
    list(DataLoader(list(range(4)), num_workers=1, worker_init_fn=worker_writes))
    open(os.path.join(os.environ["PROGRESS_DIR"], "progress"), "w").write("written")
    if sys.argv[1:] == ["sleep"]:
        time.sleep(1000)
    if sys.argv[1:] == ["unfixable"]:
        raise KeyError("learning_rate")
    """)
SUBPROCESS_WRITES = "subprocess.run([sys.executable, '-c', \"open('sub.txt', 'w').write('x')\"], check=True)"
USER_FILES = {"best.pt": b"a checkpoint from a multi-day run", "train.log": b"epoch 0 loss 2.3\n",
              "stale.tmp": b"old", "last.pt": b"last checkpoint", "config.yaml": b"lr: 0.1\n",
              "data/train.csv": b"x,y\n1,2\n"}


def script(process_writes: str = SUBPROCESS_WRITES) -> str:
    return WRITES.replace("PROCESS_WRITES", process_writes) + BROKEN


def make_project(folder: Path, process_writes: str = SUBPROCESS_WRITES) -> Path:
    folder.mkdir()
    for name, data in USER_FILES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    write(folder / "train.py", script(process_writes))
    return folder


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.setenv("PROGRESS_DIR", str(tmp_path))  # outside the project: a real write
    return make_project(tmp_path / "project")


def scratch_left_by(pid: int) -> list[str]:
    return glob.glob(os.path.join(tempfile.gettempdir(), f"resolve-run-{pid}-*"))


def start(project: Path, *args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "resolver", *args], cwd=project,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_progress(folder: Path) -> None:
    deadline = time.monotonic() + 120
    while not (folder / "progress").exists():
        assert time.monotonic() < deadline, "the script never got past its writes"
        time.sleep(0.05)


@pytest.mark.parametrize("args, code, status", [
    (["--json", "train.py"], 0, "SUCCESS"),
    (["--json", "--dry-run", "train.py"], 0, "SUCCESS"),
    (["--json", "--full", "train.py"], 0, "SUCCESS"),
    (["--json", "train.py", "unfixable"], 1, "FAILED"),
    (["--json", "--timeout", "30", "train.py", "sleep"], 1, "FAILED"),
])
def test_every_write_of_the_script_is_thrown_away(project, args, code, status):
    before = snapshot(project)
    process = start(project, "--no-llm", *args)
    out, err = process.communicate(timeout=300)
    assert process.returncode == code, out + err
    report = json.loads(out)
    assert report["status"] == status and report["sandbox"] == "overlay"
    assert (project.parent / "progress").exists(), "the writes ran"
    after = snapshot(project)
    fixed = status == "SUCCESS" and "--dry-run" not in args
    assert after.pop("train.py") == (script().replace("nn.Linear(12, 2)", "nn.Linear(16, 2)") if fixed
                                     else script()).encode()
    before.pop("train.py")
    assert after == before, "a file was changed, created or deleted"
    assert not list(project.rglob("__pycache__"))
    assert scratch_left_by(process.pid) == []


def test_ctrl_c_during_a_run_leaves_nothing(project):
    before = snapshot(project)
    process = start(project, "--no-llm", "train.py", "sleep")
    wait_for_progress(project.parent)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "interrupted; no file was changed" in err
    assert snapshot(project) == before
    assert scratch_left_by(process.pid) == []


def test_a_killed_resolve_leaves_the_project_alone_and_its_scratch_is_swept(project):
    process = start(project, "--no-llm", "train.py", "sleep")
    wait_for_progress(project.parent)
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=60)
    assert scratch_left_by(process.pid), "a SIGKILL leaves the scratch folder"
    # the script is still running, and has overwritten best.pt in its own view, not the user's
    assert (project / "best.pt").read_bytes() == USER_FILES["best.pt"]
    assert not (project / "outputs").exists()
    for pid in running_in(project):  # the orphaned script and its children, by pid
        os.kill(pid, signal.SIGKILL)
    result = resolve("--no-llm", "--dry-run", "train.py", cwd=project)  # the next resolve sweeps it
    assert result.code == 0
    assert scratch_left_by(process.pid) == []


def running_in(folder: Path) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and os.readlink(entry / "cwd").startswith(str(folder)):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


DATA = textwrap.dedent("""\
    import torch
    from torch.utils.data import DataLoader, Dataset


    class Sentences(Dataset):
        def __len__(self):
            return 16

        def __getitem__(self, i):
            return torch.ones(3 + i % 4, dtype=torch.long), i % 2


    def make_loader():
        return DataLoader(Sentences(), batch_size=4, num_workers=1, multiprocessing_context="spawn")
    """)
TRAIN_ON_DATA = textwrap.dedent("""\
    import torch
    import torch.nn as nn
    from data import make_loader

    if __name__ == "__main__":
        model = nn.Sequential(nn.EmbeddingBag(8, 16), nn.Linear(16, 2))
        opt = torch.optim.Adam(model.parameters())
        for tokens, labels in make_loader():
            opt.zero_grad()
            nn.functional.cross_entropy(model(tokens), labels).backward()
            opt.step()
    """)


def test_a_fix_in_dataset_code_is_verified_in_a_spawn_worker(tmp_path):
    """The ragged-batch fix adds a collate function to data.py; a spawn worker imports data.py
    again, from the file system: the overlay shows it the fix, and so does the guard, whose
    proposed texts go to every spawned interpreter with the data spawn prepares it with."""
    project = tmp_path / "project"
    write(project / "data.py", DATA)
    write(project / "train.py", TRAIN_ON_DATA)
    result = resolve("--no-llm", "--json", "train.py", cwd=project)
    assert result.code == 0, result.stdout + result.stderr
    assert result.json["sandbox"] == "overlay" and result.json["files_modified"] == ["data.py"]
    assert "collate_fn=pad_collate" in (project / "data.py").read_text()
    write(project / "data.py", DATA)
    guarded = resolve("--no-llm", "--json", "train.py", cwd=project, env={"RESOLVE_SANDBOX": "guard"})
    assert guarded.code == 0, guarded.stdout + guarded.stderr
    assert guarded.json["sandbox"] == "guard" and guarded.json["files_modified"] == ["data.py"]
    assert "collate_fn=pad_collate" in (project / "data.py").read_text()


def test_the_guard_redirects_python_writes_and_the_script_sees_them(tmp_path, monkeypatch):
    monkeypatch.setenv("PROGRESS_DIR", str(tmp_path))
    project = make_project(tmp_path / "project", process_writes="pass")
    before = snapshot(project)
    result = resolve("--no-llm", "--json", "--dry-run", "train.py", cwd=project, env={"RESOLVE_SANDBOX": "guard"})
    assert result.code == 0, result.stdout + result.stderr
    assert result.json["sandbox"] == "guard" and result.json["status"] == "SUCCESS"
    assert snapshot(project) == before
    assert not list(project.rglob("__pycache__"))


def test_a_write_the_guard_cannot_see_stops_resolve_and_names_the_file(project):
    result = resolve("--no-llm", "train.py", cwd=project, env={"RESOLVE_SANDBOX": "guard"})
    assert result.code == 2 and result.stdout == ""
    error = result.stderr.strip().splitlines()[-1]
    assert error.startswith("resolve: error: the script changed files in your project") and "sub.txt" in error
    assert (project / "train.py").read_text() == script(), "nothing written"
    assert (project / "best.pt").read_bytes() == USER_FILES["best.pt"], "the Python writes were still redirected"


def test_no_sandbox_warns_and_lets_the_script_write(project):
    result = resolve("--no-llm", "--json", "--dry-run", "--no-sandbox", "train.py", cwd=project)
    assert result.json["sandbox"] == "none" and "warning: --no-sandbox" in result.stderr
    # the old damage: the second run even fails on the file the first one deleted
    assert result.json["status"] == "FAILED"
    assert "stale.tmp" in result.json["history"][0]["error_after"]
    assert (project / "best.pt").read_bytes() != USER_FILES["best.pt"] and (project / "sub.txt").exists()


def test_trackers_are_switched_off_in_the_runs(tmp_path):
    project = tmp_path / "project"
    write(project / "env.py",
          f"import json, os\njson.dump(dict(os.environ), open({str(tmp_path / 'env.json')!r}, 'w'))\n")
    result = resolve("--no-llm", "env.py", cwd=project, env={"WANDB_MODE": "online"})
    assert result.code == 0
    seen = json.loads((tmp_path / "env.json").read_text())
    assert seen["WANDB_MODE"] == "disabled" and seen["NEPTUNE_MODE"] == "offline"
    assert seen["COMET_AUTO_LOG_DISABLE"] == "true" and seen["CLEARML_OFFLINE_MODE"] == "1"
    assert seen["MLFLOW_TRACKING_URI"].startswith("file://") and "resolve-run-" in seen["MLFLOW_TRACKING_URI"]


def interpreter_for_nobody() -> list[str] | None:
    """A command line that runs this Python, with its packages, as `nobody` (a virtualenv's
    interpreter may live in root's home)."""
    packages = [p for p in sys.path if p.endswith("site-packages")] + [str(Path(__file__).parents[1])]
    for python in (sys.executable, f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"):
        command = ["env", f"PYTHONPATH={os.pathsep.join(packages)}", python]
        probe = subprocess.run(["su", "-s", "/bin/sh", "nobody", "-c", " ".join(command + ["-c", "'import torch'"])],
                               capture_output=True)
        if probe.returncode == 0:
            return command
    return None


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to become an unprivileged user")
def test_an_unprivileged_user_gets_the_overlay():
    nobody = pwd.getpwnam("nobody")
    python = interpreter_for_nobody()
    if python is None:
        pytest.skip("no interpreter with torch that the user nobody may run")
    base = Path(tempfile.mkdtemp())  # pytest's own temporary folders are closed to other users
    try:
        home, project = base / "home", base / "project"
        home.mkdir()
        project.mkdir()
        write(project / "train.py", BROKEN + "torch.save(model.state_dict(), 'best.pt')\n")
        (project / "best.pt").write_bytes(USER_FILES["best.pt"])
        for path in [base, home, project, *project.rglob("*")]:
            os.chown(path, nobody.pw_uid, nobody.pw_gid)
        command = f"cd {project} && XDG_CACHE_HOME={home} {' '.join(python)} -m resolver --no-llm --json train.py"
        completed = subprocess.run(["su", "-s", "/bin/sh", "nobody", "-c", command],
                                   capture_output=True, text=True, timeout=300)
        assert completed.returncode == 0, completed.stdout + completed.stderr
        report = json.loads(completed.stdout)
        assert report["status"] == "SUCCESS" and report["sandbox"] == "overlay"
        assert snapshot(project) == {"train.py": (FIXED + "torch.save(model.state_dict(), 'best.pt')\n").encode(),
                                     "best.pt": USER_FILES["best.pt"]}
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs util-linux's unshare to take namespaces away")
def test_where_the_kernel_refuses_namespaces_the_guard_takes_over(tmp_path, monkeypatch):
    """As in a container with user.max_user_namespaces=0: the probe reports the refusal before the
    script starts, and the run is made again under the guard."""
    monkeypatch.setenv("PROGRESS_DIR", str(tmp_path))
    project = make_project(tmp_path / "project", process_writes="pass")
    before = snapshot(project)
    command = (f"echo 0 > /proc/sys/user/max_user_namespaces && cd {project} && "
               f"{sys.executable} -m resolver --no-llm --dry-run train.py")
    completed = subprocess.run(["unshare", "--user", "--map-root-user", "sh", "-c", command],
                               capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "Sandbox: guard (Python writes redirected; your files checked after each run); overlay unavailable: " \
           "unshare(CLONE_NEWUSER): No space left on device" in completed.stdout
    assert "Status: SUCCESS" in completed.stdout
    assert snapshot(project) == before


ISOLATE = Path(__file__).parents[1] / "resolver" / "run" / "probe" / "isolate.py"


def test_one_user_namespace_then_a_mount_namespace_per_forked_child(tmp_path):
    """The split a preloaded server uses: it enters the user namespace once, before torch starts
    threads; each forked child mounts its own overlay, and sees only its own writes."""
    folder = tmp_path / "project"
    write(folder / "shared.txt", "original")
    program = textwrap.dedent(f"""\
        import importlib.util, os
        spec = importlib.util.spec_from_file_location("isolate", {str(ISOLATE)!r})
        isolate = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(isolate)
        isolate.enter_user_namespace()
        for n in range(2):
            upper, work = f"{tmp_path}/upper{{n}}", f"{tmp_path}/work{{n}}"
            os.mkdir(upper)
            os.mkdir(work)
            pid = os.fork()
            if pid == 0:
                isolate.mount_overlays([({str(folder)!r}, upper, work)])
                with open({str(folder / "shared.txt")!r}, "a") as f:
                    f.write(f" child{{n}}")
                os._exit(0 if open({str(folder / "shared.txt")!r}).read() == f"original child{{n}}" else 1)
            assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0, n
        """)
    completed = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=tmp_path)
    assert completed.returncode == 0, completed.stderr
    assert (folder / "shared.txt").read_text() == "original"
    assert ([(tmp_path / f"upper{n}" / "shared.txt").read_text() for n in range(2)]
            == ["original child0", "original child1"])
