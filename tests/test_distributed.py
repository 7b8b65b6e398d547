"""Issue 24's pure logic, in process: the launcher command forms, one verdict from N ranks'
reports, where each rank of a hang waits (the real runs: test_distributed_runs.py)."""

import signal
from pathlib import Path

import pytest

from resolver.diagnose.diagnosis import Diagnosis
from resolver.errors import UsageError
from resolver.run.probe.dist import launcher_argv
from resolver.run.ranks import combine, only_shutdown_abort, spawned_abort, stack_frames
from resolver.target import split_launcher

PROJECT = Path("/home/u/proj")


@pytest.mark.parametrize("command, expected", [
    (["torchrun", "--nproc-per-node", "2", "train.py", "--epochs", "1"],
     ("torch.distributed.run", ["--nproc-per-node", "2"], ["train.py", "--epochs", "1"])),
    (["torchrun", "--standalone", "--nproc_per_node=2", "train.py"],
     ("torch.distributed.run", ["--standalone", "--nproc_per_node=2"], ["train.py"])),
    (["-m", "torch.distributed.run", "--nnodes", "1", "--nproc-per-node", "2", "src/train.py", "-c", "a.yaml"],
     ("torch.distributed.run", ["--nnodes", "1", "--nproc-per-node", "2"], ["src/train.py", "-c", "a.yaml"])),
    (["-m", "torch.distributed.launch", "--use_env", "--nproc_per_node", "2", "train.py"],
     ("torch.distributed.launch", ["--use_env", "--nproc_per_node", "2"], ["train.py"])),
    (["torchrun", "--nproc-per-node", "2", "-m", "pkg.train", "--lr", "0.1"],
     ("torch.distributed.run", ["--nproc-per-node", "2"], ["-m", "pkg.train", "--lr", "0.1"])),
    (["train.py", "--nproc-per-node", "2"], None),
    (["-m", "pkg.train"], None),
])
def test_the_launcher_forms_split_into_options_and_program(command, expected):
    assert split_launcher(command) == expected


@pytest.mark.parametrize("command, message", [
    (["torchrun", "--nproc-per-node", "2"], "no training script"),
    (["torchrun", "--no-python", "echo"], "not Python"),
])
def test_a_launcher_without_a_python_script_is_one_line(command, message):
    with pytest.raises(UsageError, match=message):
        split_launcher(command)


def test_the_launcher_runs_once_on_a_free_port_unless_the_user_names_the_rendezvous():
    worker = ["probe.py", "--worker", "f", "--", "train.py"]
    assert launcher_argv(["--nproc-per-node", "2", "--max-restarts", "3"], worker) == \
        ["--nproc-per-node", "2", "--standalone", "--max-restarts=0", *worker]
    assert launcher_argv(["--master_port=29501", "--max_restarts=2"], worker) == \
        ["--master_port=29501", "--max-restarts=0", *worker]


def _failed(rank_error, message, ended_at, line=30):
    return {"schema": 1, "outcome": "exception", "error_type": rank_error, "message": message, "ended_at": ended_at,
            "versions": {}, "lowered_batch_sizes": [], "counters": {"batches": 2},
            "frames": [{"file": str(PROJECT / "train.py"), "line": line, "function": "main", "user": True}]}


def _ok(ended_at=5.0):
    return {"schema": 1, "outcome": "ok", "ended_at": ended_at, "versions": {}, "lowered_batch_sizes": [],
            "counters": {"optimizer_steps": 4, "batches": 4}, "health": {"steps": 4}}


def test_the_first_rank_to_fail_is_the_error_and_the_others_are_named():
    ranks = {0: _failed("RuntimeError", "Connection closed by peer [127.0.0.1]:1234", 12.0),
             1: _failed("IndexError", "index 10 is out of bounds for dimension 0 with size 10", 11.0, line=18)}
    diagnosis, counters, _, notes = combine({"failures": {"0": 1, "1": 1}, "hang": None}, ranks, "", PROJECT)
    assert diagnosis.error_type == "IndexError" and diagnosis.location.line == 18
    assert diagnosis.ranks == ("rank 1 failed first",
                               "rank 0 failed after it (RuntimeError: Connection closed by peer [127.0.0.1])")
    assert counters == {"batches": 2} and notes == ()


def test_a_rank_left_in_a_collective_its_finished_peers_never_called_is_a_mismatch():
    # rank 0 ran the DDP model's forward alone (its buffer broadcast), and failed when rank 1 exited
    left = _failed("RuntimeError", "[pair.cc:553] Connection closed by peer [127.0.0.1]:4242", 9.0, line=12)
    torch_frames = [{"file": f"/site/torch/nn/parallel/{name}", "line": n, "function": function, "user": False}
                    for name, n, function in (("distributed.py", 1886, "forward"),
                                              ("distributed.py", 2363, "_distributed_broadcast_coalesced"))]
    left["frames"] += torch_frames
    diagnosis, counters, _, _ = combine({"failures": {"0": 1}}, {0: left, 1: _ok()}, "", PROJECT)
    assert diagnosis.error_type == "CollectiveMismatch" and diagnosis.category == "dist.hang"
    assert diagnosis.location.line == 12 and diagnosis.frames[-1].function == "_distributed_broadcast_coalesced"
    assert diagnosis.ranks == ("rank 0 was left in _distributed_broadcast_coalesced() at train.py:12, a collective "
                               "the others never called", "rank 1 had finished the script")
    assert counters == {"batches": 2}
    # a peer that failed too is the cause, and a rank whose error is its own is not left alone
    assert combine({"failures": {"0": 1, "1": 1}}, {0: left, 1: _failed("ValueError", "bad", 8.0)}, "",
                   PROJECT)[0].error_type == "ValueError"
    assert combine({"failures": {"0": 1}}, {0: _failed("ValueError", "bad", 9.0), 1: _ok()}, "",
                   PROJECT)[0].error_type == "ValueError"


def test_ranks_that_fail_alike_or_are_stopped_by_torchrun_are_told_apart():
    ranks = {0: _failed("ValueError", "bad", 3.0), 1: _failed("ValueError", "bad", 3.1)}
    diagnosis = combine({"failures": {"0": 1, "1": 1, "2": -15}}, ranks, "", PROJECT)[0]
    assert diagnosis.ranks == ("ranks 0, 1 failed the same way", "rank 2 was torn down (SIGTERM)")
    ranks = {0: _failed("ValueError", "bad", 3.2), 1: _failed("ValueError", "bad", 3.1)}  # a race: rank 1 ended first
    assert combine({"failures": {"0": 1, "1": 1}}, ranks, "", PROJECT)[0].ranks == ("ranks 0, 1 failed the same way",)


def test_an_abort_at_shutdown_after_a_complete_run_is_not_the_scripts_error():
    stderr = "done\nterminate called without an active exception\n"
    diagnosis, counters, health, notes = combine({"failures": {"1": -signal.SIGABRT}, "hang": None},
                                                 {0: _ok(), 1: _ok()}, stderr, PROJECT)
    assert diagnosis is None and counters["optimizer_steps"] == 4 and health == {"steps": 4}
    assert "rank 1 finished the script, then aborted at interpreter shutdown ('terminate called without an " \
           "active exception')" in notes[0]
    # torchrun stops the rank that had not yet ended: still no error of the script's
    diagnosis, _, _, notes = combine({"failures": {"0": -signal.SIGABRT, "1": -signal.SIGTERM}}, {0: _ok()}, stderr,
                                     PROJECT)
    assert diagnosis is None and notes[0].endswith("torchrun then stopped rank 1")


LAUNCHER_TRACEBACK = """\
Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "/venv/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 383, in launch_agent
    raise ChildFailedError(
torch.distributed.elastic.multiprocessing.errors.ChildFailedError:
  exitcode  : -6 (pid: 25992)  (SIGABRT)
  traceback : Signal 6 (SIGABRT) received by PID 25992
"""


def test_a_plain_torchrun_run_that_only_aborted_at_shutdown_is_told_from_a_rank_error():
    # as torchrun printed it in a clean-clone CI run: its own traceback ends in ChildFailedError
    aborted = "terminate called without an active exception\n" + LAUNCHER_TRACEBACK
    assert only_shutdown_abort(aborted)
    rank_error = ('Traceback (most recent call last):\n  File "train.py", line 3, in <module>\nValueError: bad\n'
                  + aborted)
    assert not only_shutdown_abort(rank_error)
    assert not only_shutdown_abort(LAUNCHER_TRACEBACK)  # a SIGABRT with no shutdown abort said
    spawned = ("terminate called without an active exception\nTraceback (most recent call last):\n"
               '  File "main.py", line 24, in <module>\n    raise ProcessExitedException(\n'
               "torch.multiprocessing.spawn.ProcessExitedException: process 1 terminated with signal SIGABRT\n")
    assert only_shutdown_abort(spawned)  # as mp.spawn printed it in a clean-clone CI run


def test_a_rank_that_dies_without_a_report_is_an_error():
    diagnosis, _, _, _ = combine({"failures": {"1": -signal.SIGSEGV}}, {0: _ok()}, "", PROJECT)
    assert diagnosis.message == "the script was killed by SIGSEGV"
    assert diagnosis.ranks == ("rank 1 failed first", "rank 0 finished")


STACKS = """\
Thread 0x00007f3a1c7fe640 (most recent call first):
  File "/usr/lib/python3.11/threading.py", line 331 in wait
  File "/usr/lib/python3.11/threading.py", line 1002 in _bootstrap

Current thread 0x00007f3a2b1b2740 (most recent call first):
  File "/venv/site-packages/torch/distributed/distributed_c10d.py", line 4811 in barrier
  File "/venv/site-packages/torch/distributed/c10d_logger.py", line 81 in wrapper
  File "{probe}", line 251 in collective
  File "/home/u/proj/utils.py", line 7 in save_checkpoint
  File "/home/u/proj/train.py", line 19 in main
  File "/home/u/proj/train.py", line 26 in <module>
  File "{probe_main}", line 180 in run_script
"""


def test_ranks_that_had_ended_the_script_are_not_a_hang_while_they_exit():
    # both ranks wrote their error, then took longer than the watchdog's 5 s to exit (a loaded machine):
    # the first failure is the error, not a hang
    ranks = {0: _failed("RuntimeError", "Error(s) in loading state_dict for GRUForecaster:", 12.0),
             1: _failed("RuntimeError", "Connection closed by peer [127.0.0.1]:39057", 12.5)}
    hang = {"seconds": 5.0, "ranks": {"0": {"collective": None, "stacks": ""},
                                      "1": {"collective": None, "stacks": ""}}}
    diagnosis = combine({"failures": {}, "hang": hang}, ranks, "", PROJECT)[0]
    assert diagnosis.category != "dist.hang"
    assert diagnosis.message == "Error(s) in loading state_dict for GRUForecaster:"


def test_a_ranks_stacks_give_its_user_frames_outermost_first():
    probe = Path(__file__).resolve().parents[1] / "resolver" / "run" / "probe"
    text = STACKS.format(probe=probe / "dist.py", probe_main=probe / "probe.py")
    frames = stack_frames(text, PROJECT)
    assert [(f.file.name, f.line, f.function, f.user) for f in frames] == [
        ("train.py", 26, "<module>", True), ("train.py", 19, "main", True), ("utils.py", 7, "save_checkpoint", True),
        ("c10d_logger.py", 81, "wrapper", False), ("distributed_c10d.py", 4811, "barrier", False)]


def test_a_hang_names_where_every_rank_is():
    probe = Path(__file__).resolve().parents[1] / "resolver" / "run" / "probe"
    hang = {"seconds": 5.2, "ranks": {
        "0": {"collective": "barrier", "at": "/home/u/proj/utils.py:7",
              "stacks": STACKS.format(probe=probe / "dist.py", probe_main=probe / "probe.py")},
        "1": {"collective": None, "stacks": 'Current thread 0x1 (most recent call first):\n'
                                            '  File "/home/u/proj/train.py", line 22 in main\n'}}}
    diagnosis = combine({"failures": {}, "hang": hang}, {2: _ok()}, "", PROJECT)[0]
    assert diagnosis.category == "dist.hang" and diagnosis.location.line == 7
    assert diagnosis.message == ("no rank made progress for 5s: rank 0 waits in barrier() at utils.py:7 in "
                                 "save_checkpoint; rank 1 at train.py:22 in main; rank 2 had finished the script")


def test_a_rank_that_gloo_aborted_inside_a_collective_is_the_cause_not_its_peers_reset():
    probe = Path(__file__).resolve().parents[1] / "resolver" / "run" / "probe"
    stacks = STACKS.format(probe=probe / "dist.py", probe_main=probe / "probe.py")
    launch = {"failures": {"0": -signal.SIGABRT, "1": 1}, "hang": None,
              "aborted": {"0": {"collective": "barrier", "at": "/home/u/proj/utils.py:7", "stacks": stacks}}}
    stderr = ("terminate called after throwing an instance of 'gloo::EnforceNotMet'\n  what():  [enforce fail at "
              "pair.cc:456] op.preamble.length <= op.nbytes. 8 vs 4. Received data size doesn't match expected "
              "size. Is there a distributed collective mismatch in your code?\n")
    reset = {1: _failed("RuntimeError", "Read error [127.0.0.1]:4242: Connection reset by peer.", 9.0)}
    diagnosis = combine(launch, reset, stderr, PROJECT)[0]
    assert diagnosis.category == "dist.hang" and diagnosis.error_type == "CollectiveMismatch"
    assert (diagnosis.location.file.name, diagnosis.location.line) == ("utils.py", 7)
    assert diagnosis.message == (
        "the ranks called different collectives (op.preamble.length <= op.nbytes. 8 vs 4. Received data size "
        "doesn't match expected size. Is there a distributed collective mismatch in your code?): rank 0 aborted in "
        "barrier() at utils.py:7 in save_checkpoint")
    # the peer that only saw rank 0 go away is torn down with it, whether or not its report came first
    assert diagnosis.ranks == ("rank 0 aborted in barrier() at utils.py:7 in save_checkpoint",
                               "the other ranks were torn down with it")
    assert combine(launch, {}, stderr, PROJECT)[0] == diagnosis
    # a peer that failed on its own (not only because rank 0 went away) is the error
    own = {1: _failed("IndexError", "index 10 is out of bounds for dimension 0 with size 10", 9.0, line=18)}
    diagnosis = combine(launch, own, stderr, PROJECT)[0]
    assert diagnosis.error_type == "IndexError" and diagnosis.location.line == 18


def test_a_spawned_worker_that_gloo_aborted_in_a_collective_is_read_from_its_faulthandler_stacks():
    """torch.multiprocessing.spawn says only `process 0 terminated with signal SIGABRT`; the worker's
    stacks, which faulthandler (on in every process of a run) wrote to stderr, say where it was."""
    stderr = (Path(__file__).parent / "tracebacks" / "spawn_gloo_abort.txt").read_text()
    project = Path("/home/u/proj")
    exited = Diagnosis("ProcessExitedException", "process 0 terminated with signal SIGABRT", counters={"batches": 3})
    diagnosis = spawned_abort(exited, stderr, project)
    assert diagnosis.category == "dist.hang" and diagnosis.error_type == "CollectiveMismatch"
    assert [(f.file.name, f.line) for f in diagnosis.frames if f.user] == [("main.py", 38), ("evaluation.py", 14)]
    assert diagnosis.message.endswith("rank 0 aborted in all_reduce() at engine/evaluation.py:14 in validate")
    assert "Is there a distributed collective mismatch" in diagnosis.message
    assert diagnosis.counters == {"batches": 3}
    # the abort at interpreter shutdown after a finished run is in no collective: not a mismatch
    teardown = stderr.replace("distributed_c10d.py\", line 3245 in all_reduce", "gc.py\", line 1 in collect")
    assert spawned_abort(exited, teardown, project) is exited
    other = Diagnosis("ProcessExitedException", "process 1 terminated with exit code 1")
    assert spawned_abort(other, stderr, project) is other


def test_ranks_whose_full_passes_differ_are_uneven_shards_unless_they_train_under_join():
    def shards(batches, joined=False, backward_calls=4):
        return {**_ok(), "counters": {"optimizer_steps": 4, "batches": 4, "backward_calls": backward_calls},
                "shards": {"batches": {"/home/u/proj/train.py:14": batches}, "joined": joined}}

    diagnosis = combine({"failures": {}}, {0: shards(7), 1: shards(6)}, "", PROJECT)[0]
    assert diagnosis.category == "dist.uneven_inputs" and diagnosis.location.line == 14
    assert "gives the ranks different numbers of batches (rank 0 7, rank 1 6)" in diagnosis.message
    assert diagnosis.ranks == ("rank 0: 7 batches per pass", "rank 1: 6 batches per pass")
    # Join is DDP's answer to uneven shards; equal passes are fine
    assert combine({"failures": {}}, {0: shards(7, True), 1: shards(6, True)}, "", PROJECT)[0] is None
    assert combine({"failures": {}}, {0: shards(6), 1: shards(6)}, "", PROJECT)[0] is None
    # no backward: an evaluation's batches are no collective
    assert combine({"failures": {}}, {0: shards(7, backward_calls=0), 1: shards(6, backward_calls=0)}, "",
                   PROJECT)[0] is None
