"""Issue 24 end to end: real `torchrun --nproc-per-node 2` on CPU with gloo, under the real
`resolve`. After every test no process of the run is left and its rendezvous port is free,
`kill -9` of resolve mid-run included. Each DDP run costs seconds: the cases are few and small."""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import resolve, write

pytestmark = pytest.mark.slow

TRAIN = textwrap.dedent("""\
    import torch
    import torch.distributed as dist
    import torch.nn as nn
    from torch.nn.parallel import DistributedDataParallel as DDP

    from utils import save_checkpoint


    def main():
        dist.init_process_group("gloo")
        rank = dist.get_rank()
        model = DDP(nn.Linear(4, 1))
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for step in range(STEPS):
            opt.zero_grad()
            model(torch.randn(8, 4)).pow(2).mean().backward()
            opt.step()
        if rank == 0:
            save_checkpoint(model, "model.pt")
        total = torch.tensor([float(step)])
        dist.all_reduce(total)
        dist.destroy_process_group()


    if __name__ == "__main__":
        main()
    """)
# the hang: only rank 0 reaches the barrier, rank 1 waits in the all_reduce after it
HANGING_SAVE = textwrap.dedent("""\
    import torch
    import torch.distributed as dist


    def save_checkpoint(model, path):
        torch.save(model.module.state_dict(), path)
        dist.barrier()  # wait until the file is on disk
    """)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_processes(project: Path) -> list[str]:
    """The command lines of every process still running for this project (ranks, launcher)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if str(project) in cmdline and "probe.py" in cmdline:
            found.append(cmdline)
    return found


def assert_nothing_left(project: Path, port: int):
    deadline = time.monotonic() + 10  # a rank killed by its parent's death is reaped in a moment
    while run_processes(project) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert run_processes(project) == []
    while True:  # the rendezvous port is free again, within the same moment (a store's socket closes as it dies)
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("127.0.0.1", port))
                return
            except OSError:
                if time.monotonic() >= deadline:
                    raise
        time.sleep(0.2)


@pytest.fixture
def project(tmp_path):
    folder = tmp_path / "ddp"
    write(folder / "utils.py", HANGING_SAVE)
    write(folder / "train.py", TRAIN.replace("STEPS", "3"))
    return folder


def test_a_hang_is_found_in_seconds_with_where_each_rank_waits_and_repaired(project):
    port = free_port()
    started = time.monotonic()
    result = resolve("--no-llm", "--json", "--dry-run", "torchrun", "--nproc-per-node", "2", "--master-port", port,
                     "train.py", cwd=project, timeout=240)
    seconds = time.monotonic() - started
    assert result.code == 0, result.stderr
    fix = json.loads(result.stdout)["fixes"][0]
    assert fix["error"].startswith("DistributedHang: no rank made progress for ")
    assert "rank 0 waits in barrier() at utils.py:7 in save_checkpoint" in fix["error"]
    assert "rank 1 waits in all_reduce() at train.py:21 in main `dist.all_reduce(total)`" in fix["error"]
    assert fix["rule"] == "collective_in_rank_branch" and fix["file"] == "utils.py"  # the first file it changes
    waited = float(fix["error"].split("no rank made progress for ")[1].split("s:")[0])
    assert waited < 30, fix["error"]
    print(f"hang diagnosed after {waited}s of no progress; resolve (diagnosis, fix, verifying run) took {seconds:.1f}s")
    assert_nothing_left(project, port)


def test_a_killed_resolve_takes_every_rank_and_the_rendezvous_with_it(project):
    write(project / "train.py", TRAIN.replace("STEPS", "100000").replace("if rank == 0:", "if False:"))
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "resolver", "--no-llm", "torchrun", "--nproc-per-node", "2",
                                "--master-port", str(port), "train.py"], cwd=project,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while sum("--worker" in c for c in run_processes(project)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert sum("--worker" in c for c in run_processes(project)) == 2, "the ranks did not start"
        time.sleep(1)  # mid-run: the ranks train
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert_nothing_left(project, port)



# every rank meets the same error, rank 1 two seconds after rank 0 (a loaded machine, a slower node)
SLOW_RANK = textwrap.dedent("""\
    import time

    import torch.distributed as dist

    dist.init_process_group("gloo")
    if dist.get_rank() == 1:
        time.sleep(2.0)
    raise ValueError("scheduler 'cosine_warm' is not one of: cosine, step")
    """)


def test_ranks_that_fail_the_same_way_are_reported_so_when_one_is_slower(tmp_path):
    # without a moment for its peers, torchrun tears rank 1 down when rank 0 exits, and the report
    # says one rank failed and the other was stopped
    write(tmp_path / "train.py", SLOW_RANK)
    port = free_port()
    result = resolve("--no-llm", "--json", "--dry-run", "torchrun", "--nproc-per-node", "2", "--master-port", port,
                     "train.py", cwd=tmp_path, timeout=240)
    error = json.loads(result.stdout)["last_error"]
    assert error["type"] == "ValueError" and error["ranks"] == ["ranks 0, 1 failed the same way"], error
    assert_nothing_left(tmp_path, port)

def test_ranks_that_end_with_sys_exit_of_main_are_a_healthy_run(tmp_path):
    # `sys.exit(main())` exits 0 in every rank: not a failing rank, and the training is checked
    write(tmp_path / "utils.py", "import torch\n\n\ndef save_checkpoint(model, path):\n"
          "    torch.save(model.module.state_dict(), path)\n")
    write(tmp_path / "train.py", TRAIN.replace("STEPS", "3").replace("\n    main()", "\n    sys.exit(main())")
          .replace("import torch\n", "import sys\n\nimport torch\n", 1))
    port = free_port()
    result = resolve("--no-llm", "--json", "--dry-run", "torchrun", "--nproc-per-node", "2", "--master-port", port,
                     "train.py", cwd=tmp_path, timeout=240)
    assert "sys.exit(main())" in (tmp_path / "train.py").read_text()
    report = json.loads(result.stdout)
    assert result.code == 0 and report["status"] == "NO_ERROR", report["last_error"]
    assert_nothing_left(tmp_path, port)


# a script that starts its own workers: rank 1 waits for a message rank 0 never sends
SPAWNED = textwrap.dedent("""\
    import os

    import torch
    import torch.distributed as dist
    import torch.multiprocessing as mp
    import torch.nn as nn
    from torch.nn.parallel import DistributedDataParallel as DDP


    def worker(rank, world_size, steps):
        dist.init_process_group("gloo", rank=rank, world_size=world_size)
        model = DDP(nn.Linear(4, 1))
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for step in range(steps):
            opt.zero_grad()
            model(torch.randn(8, 4)).pow(2).mean().backward()
            opt.step()
            if step == 2 and rank == 1:
                dist.recv(torch.zeros(1), src=0)
        dist.destroy_process_group()


    if __name__ == "__main__":
        os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT="PORT")
        mp.spawn(worker, args=(2, STEPS), nprocs=2)
    """)


def spawned_workers(project: Path) -> list[int]:
    """The pids of the workers torch.multiprocessing.spawn started for this project (their own
    command line names no file: they are found by their working folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            cmdline = (entry / "cmdline").read_bytes()
            here = os.readlink(entry / "cwd")
        except OSError:
            continue
        if b"multiprocessing.spawn" in cmdline and here == str(project):
            found.append(int(entry.name))
    return found


def test_spawned_workers_run_under_the_probe_and_their_hang_is_found_in_seconds(tmp_path):
    port = free_port()
    write(tmp_path / "train.py", SPAWNED.replace("PORT", str(port)).replace("STEPS", "6"))
    result = resolve("--no-llm", "--json", "train.py", cwd=tmp_path, timeout=240)
    assert result.code != 0, result.stderr
    last = json.loads(result.stdout)["last_error"]
    error = f"{last['type']}: {last['message']}"
    assert error.startswith("DistributedHang: no rank made progress for "), error
    assert "rank 1 waits in recv() at train.py:19 in worker `dist.recv(torch.zeros(1), src=0)`" in error
    assert float(error.split("no rank made progress for ")[1].split("s:")[0]) < 30, error
    deadline = time.monotonic() + 10
    while spawned_workers(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert spawned_workers(tmp_path) == []


def test_a_killed_resolve_takes_the_spawned_workers_with_it(tmp_path):
    port = free_port()
    write(tmp_path / "train.py", SPAWNED.replace("PORT", str(port)).replace("STEPS", "100000")
          .replace("step == 2 and", "False and"))
    process = subprocess.Popen([sys.executable, "-m", "resolver", "--no-llm", "train.py"], cwd=tmp_path,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while len(spawned_workers(tmp_path)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(spawned_workers(tmp_path)) == 2, "the workers did not start"
        time.sleep(1)  # mid-run: the workers train
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    deadline = time.monotonic() + 10
    while spawned_workers(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert spawned_workers(tmp_path) == []
    with socket.socket() as s:  # the rendezvous port is free again
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port))


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs util-linux's unshare to take namespaces away")
def test_under_the_write_guard_spawned_workers_run_the_proposed_fix(tmp_path):
    """Without overlayfs (a container without user namespaces) the fix lives in the probe, not on
    disk: spawn runs the script again in each worker, and that run must see the fix too."""
    fixture = Path(__file__).parents[1] / "fixtures" / "collective_in_rank_branch" / "spawn_validation_under_rank_zero"
    project = tmp_path / "project"
    shutil.copytree(fixture, project, ignore=shutil.ignore_patterns("expected", "diagnosis.json", "case.json"))
    before = (project / "main.py").read_bytes()
    command = (f"echo 0 > /proc/sys/user/max_user_namespaces && cd {project} && "
               f"{sys.executable} -m resolver --no-llm --dry-run main.py")
    completed = subprocess.run(["unshare", "--user", "--map-root-user", "sh", "-c", command],
                               capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "Sandbox: guard" in completed.stdout and "Status: SUCCESS" in completed.stdout
    assert "+        score = validate(model, val_features, val_labels)" in completed.stdout
    assert (project / "main.py").read_bytes() == before
