"""Out of memory under a real limit (issue 23): RLIMIT_AS through `--memory-limit`, or a cgroup where
one is writable (the SIGKILL path). Each case must be resolved in at most 4 runs; the result trains
with the same effective batch, and a model that does not fit at batch 1 stops with the advice.
The limits are relative to a bare torch script here (tests/memory_limits.py)."""

import json
import os
import shutil
import subprocess
import sys

import libcst as cst
import pytest
import torch
from conftest import FIXTURES, copy_case
from memory_limits import STEADY_ALLOCATOR, limit

from resolver.fix.rules._accumulation import accumulated as accumulate
from resolver.fix.rules._accumulation import training_loops
from resolver.fix.rules._source import parsed
from resolver.run.memory_limit import cgroup_root

pytestmark = pytest.mark.slow
LIMIT = "+150M"  # what the fixtures need: their batch of 2048 does not fit, 512 does


def _resolve(project, *options):
    completed = subprocess.run([sys.executable, "-m", "resolver", "--no-llm", "--json", *options, "train.py"],
                               cwd=project, capture_output=True, text=True, timeout=600,
                               env={**os.environ, **STEADY_ALLOCATOR})
    return json.loads(completed.stdout)


def _plain(project, limit_bytes):
    """The script run as the user runs it, under RLIMIT_AS: its exit code."""
    import resource

    def limited():
        resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, resource.RLIM_INFINITY))

    return subprocess.run([sys.executable, "train.py"], cwd=project, capture_output=True, timeout=600,
                          preexec_fn=limited, env={**os.environ, **STEADY_ALLOCATOR}).returncode


def test_a_batch_that_does_not_fit_gets_the_largest_that_does_with_accumulation(tmp_path):
    project = copy_case(FIXTURES / "batch_accumulation" / "literal_batch_scheduler_per_step", tmp_path / "p")
    limit_bytes = limit(LIMIT)
    assert _plain(project, limit_bytes) != 0  # it does not fit, as the user sees it
    report = _resolve(project, "--memory-limit", str(limit_bytes))
    assert report["status"] == "SUCCESS" and report["runs"] <= 4, report
    assert [f["rule"] for f in report["fixes"]] == ["batch_accumulation"]
    assert "effective batch stays 2048" in report["fixes"][0]["fix"]
    text = (project / "train.py").read_text()
    assert "accumulation_steps = " in text and "batch_size=2048" not in text
    assert _plain(project, limit_bytes) == 0  # and now it runs, plainly, under the same limit


def test_a_leak_that_only_runs_out_over_a_pass_is_freed(tmp_path):
    project = copy_case(FIXTURES / "memory_leaks" / "cpu_validation_keeps_graphs", tmp_path / "p")
    report = _resolve(project, "--memory-limit", str(limit(LIMIT)))
    assert report["status"] == "SUCCESS" and report["runs"] <= 4, report
    assert [f["rule"] for f in report["fixes"]] == ["memory_leaks"]
    assert "torch.no_grad()" in (project / "train.py").read_text()


def test_embeddings_kept_with_their_graphs_outside_training_are_freed(tmp_path):
    project = copy_case(FIXTURES / "inference_keeps_graphs" / "embedding_method_keeps_a_dict", tmp_path / "p")
    limit_bytes = limit(LIMIT)
    assert _plain(project, limit_bytes) != 0  # every embedding keeps its chunk's activations
    report = _resolve(project, "--memory-limit", str(limit_bytes))
    assert report["status"] == "SUCCESS" and report["runs"] <= 4, report
    assert [f["rule"] for f in report["fixes"]] == ["inference_keeps_graphs"]
    assert "    @torch.no_grad()\n    def add(self" in (project / "train.py").read_text()
    assert _plain(project, limit_bytes) == 0  # and now it runs, plainly, under the same limit


def test_a_model_that_does_not_fit_at_batch_one_stops_with_the_advice(tmp_path):
    project = copy_case(FIXTURES / "batch_accumulation" / "noop_model_too_big_at_batch_one", tmp_path / "p")
    before = (project / "train.py").read_text()
    report = _resolve(project, "--memory-limit", str(limit(LIMIT)))
    assert report["status"] == "FAILED" and report["runs"] <= 4, report
    assert report["last_error"]["category"] == "memory.cpu_oom"
    assert "gradient checkpointing" in report["stop_reason"] and "batch size" in report["stop_reason"]
    assert (project / "train.py").read_text() == before


@pytest.mark.skipif(cgroup_root() is None, reason="no writable memory cgroup here (needs root)")
def test_a_run_the_oom_killer_ends_is_out_of_memory_and_fixed(tmp_path):
    project = copy_case(FIXTURES / "batch_accumulation" / "argparse_default_clipped", tmp_path / "p")
    report = _resolve(project, "--memory-limit", "420M", "--memory-limit-kind", "cgroup")
    assert report["status"] == "SUCCESS" and report["runs"] <= 4, report
    assert [f["rule"] for f in report["fixes"]] == ["batch_accumulation"]
    assert "default=2048" not in (project / "train.py").read_text()


FAR_TOO_BIG = '''"""A wide MLP whose batch of 65536 is far past the memory the run has: 1/16 of it does not fit."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
train_loader = DataLoader(TensorDataset(torch.randn(262144, 16), torch.randint(0, 10, (262144,))), batch_size=65536,
                          shuffle=True)
model = nn.Sequential(nn.Linear(16, 8192), nn.ReLU(), nn.Linear(8192, 10))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for inputs, targets in train_loader:
    optimizer.zero_grad()
    loss = nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    optimizer.step()
'''


def test_a_smoke_draw_that_runs_out_of_memory_steps_the_draws_down(tmp_path):
    """The forecast's own draw (1/16 of the batch) does not fit: smaller draws give the cost per
    sample, that draw's death confirms it, and the batch is set within 4 runs."""
    project = tmp_path / "p"
    project.mkdir()
    (project / "train.py").write_text(FAR_TOO_BIG)
    limit_bytes = limit("+400M")  # 1/16 of the batch needs ~400M, 1/64 and 1/32 fit
    report = _resolve(project, "--memory-limit", str(limit_bytes))
    assert report["status"] == "SUCCESS" and report["runs"] <= 4, report
    assert [f["rule"] for f in report["fixes"]] == ["batch_accumulation"]
    assert "effective batch stays 65536" in report["fixes"][0]["fix"]
    assert "a smoke step of 4096 samples" in report["fixes"][0]["error"]
    assert "batch_size=65536" not in (project / "train.py").read_text()
    assert _plain(project, limit_bytes) == 0


def test_a_bad_memory_limit_is_one_line_and_exit_2(tmp_path):
    shutil.copy(FIXTURES / "batch_accumulation" / "noop_model_too_big_at_batch_one" / "train.py", tmp_path)
    completed = subprocess.run([sys.executable, "-m", "resolver", "--memory-limit", "lots", "train.py"],
                               cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert completed.returncode == 2 and "Traceback" not in completed.stderr
    assert "--memory-limit: 'lots' is not a size" in completed.stderr


TRAINING = '''
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
data = TensorDataset(torch.randn(64, 8), torch.randn(64, 1))
loader = DataLoader(data, batch_size=16)
model = nn.Sequential(nn.Linear(8, 16), NORM, nn.Tanh(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
for x, y in loader:
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
'''


def _trained(text: str) -> dict:
    namespace = {"__name__": "__main__"}
    exec(compile(text, "train.py", "exec"), namespace)
    return {name: value.detach().clone() for name, value in namespace["model"].state_dict().items()}


@pytest.mark.parametrize("norm, same", [("nn.Identity()", True), ("nn.BatchNorm1d(16)", False)])
def test_accumulated_micro_batches_train_as_the_full_batch(tmp_path, norm, same):
    """With a fixed seed, 4 micro-batches of 4 per optimizer step give the same parameters after every
    step as batches of 16 (allclose): the rule's loop is the user's training. BatchNorm's statistics
    come from the micro-batch, so with it they differ, and the fix says so."""
    text = TRAINING.replace("NORM", norm)
    source = parsed(tmp_path / "train.py", text)
    loop = training_loops(source)[0]
    accumulated = accumulate(source, loop, 16, 4, 4).replace("batch_size=16", "batch_size=4")
    assert "(loss / accumulation_steps).backward()" in accumulated
    full, micro = _trained(text), _trained(accumulated)
    assert all(torch.allclose(full[k], micro[k], atol=1e-6) for k in full) == same
    assert isinstance(cst.parse_module(accumulated), cst.Module)


HAND_CUT = '''
import torch
from torch import nn

BATCH = 16
torch.manual_seed(0)
x, y = torch.randn(ROWS, 8), torch.randn(ROWS, 1)
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
for start in range(0, len(x), BATCH):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x[start:start + BATCH]), y[start:start + BATCH])
    loss.backward()
    optimizer.step()
'''


def test_batches_cut_by_hand_accumulate_as_the_full_batch_and_step_their_last_group(tmp_path):
    """Batches sliced by hand have no len() in the rule's test: the last, partial group is stepped
    after the loop. 64 rows: every step the same as the full batch's (allclose); 56 rows: the last
    group of 8 is stepped too (without it the parameters would miss a step)."""
    for rows in (64, 56):
        text = HAND_CUT.replace("ROWS", str(rows))
        source = parsed(tmp_path / "train.py", text)
        loop = training_loops(source)[0]
        rewritten = accumulate(source, loop, 16, 4, 4, sized=False).replace("BATCH = 16", "BATCH = 4")
        assert "% accumulation_steps != 0" in rewritten and "+ 1 == len(" not in rewritten
        unflushed = rewritten[:rewritten.rindex("if ")]  # the same loop without the step after it
        full, micro, missed = _trained(text), _trained(rewritten), _trained(unflushed)
        if rows == 64:
            assert all(torch.allclose(full[k], micro[k], atol=1e-6) for k in full)
        else:
            assert not all(torch.allclose(micro[k], missed[k]) for k in micro)  # the last group was stepped
