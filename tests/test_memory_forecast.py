"""The memory forecast on recorded figures (resolver/diagnose/memory.py), in process: which growth
within a pass is memory kept from batch to batch, and the finding a smoke draw's death makes."""

from resolver.diagnose import memory
from resolver.diagnose.diagnosis import parse_traceback

MIB = 1 << 20
LIMIT = 2000 * MIB


def _draws(loader, batches, grows, backwards, *, pass_=1, start=900 * MIB, samples=320):
    """A pass's draws and its end: memory held as each batch is drawn grows by `grows` bytes per
    sample drawn before it; `backwards` is the running count of backward passes at each draw."""
    held, found = start, []
    for batch, count in zip(batches, backwards):
        found.append({"loader": loader, "pass": pass_, "batch": batch, "samples": samples, "user_batch": 32,
                      "rss": held, "vm": held, "live": held, "backwards": count})
        held += grows * batch
    return found + [{"loader": loader, "pass": pass_, "batch": 0, "end": True, "rss": held, "vm": held,
                     "live": held, "backwards": backwards[-1]}]


def _steps(per_sample, sizes=(2, 2, 4), start=900 * MIB):
    return [{"batch": b, "user_batch": 32, "samples": 320, "pass": 1, "rss_start": start, "vm_start": start,
             "anon_start": start, "peak_rss": start + 10 * MIB + per_sample * b} for b in sizes]


def _memory(draws, steps):
    return {"limit": LIMIT, "limit_kind": "as", "limits": {}, "steps": steps, "draws": draws,
            "loader_site": {"file": "train.py", "position": [5, 0]}}


def test_an_evaluation_pass_that_keeps_each_batch_is_a_leak_from_its_first_pass():
    # a single epoch: the validation loader's only pass runs no backward and grows 6 MiB a sample
    draws = _draws("val.py:9", [2, 2, 4, 2], 6 * MIB, [3, 3, 3, 3])
    found = memory.forecast(_memory(draws, _steps(MIB)))
    assert found.kept_per_step == 6 * MIB * 32 and found.steps_per_epoch == 10
    finding = memory.verdict(_memory(draws, _steps(MIB)))
    assert finding is not None and finding.category == "memory.forecast_oom" and "keeps each batch" in finding.message


def test_a_first_training_pass_that_grows_is_not_a_leak():
    # the same growth while backward runs: the first pass makes the gradients and the optimizer's state
    draws = _draws("train.py:5", [2, 2, 4, 2], 6 * MIB, [0, 1, 2, 3])
    assert memory.forecast(_memory(draws, _steps(MIB))).kept_per_step == 0


def test_an_evaluation_whose_growth_comes_only_with_new_batch_sizes_keeps_nothing():
    # a new, larger smoke batch's caches (oneDNN's scratchpads) grow what the allocations hold; the
    # last batch, of a size already run, keeps nothing
    draws = _draws("val.py:9", [2, 16, 32, 2], 6 * MIB, [3, 3, 3, 3])
    draws[-1] |= {"live": draws[-2]["live"], "rss": draws[-2]["rss"], "vm": draws[-2]["vm"]}
    assert memory.forecast(_memory(draws, _steps(MIB))).kept_per_step == 0


def test_a_second_training_pass_that_keeps_each_batch_is_a_leak():
    # a training loop appending each loss with its graph: memory grows at every draw of the second pass
    draws = _draws("train.py:5", [2, 16, 32, 2], MIB, [4, 5, 6, 7], pass_=2)
    assert memory.forecast(_memory(draws, _steps(MIB))).kept_per_step == MIB * 32


def test_a_second_pass_that_keeps_the_same_bytes_every_step_is_a_leak():
    # a gradient-noise estimate appending each step's flattened gradients (4.3 MiB whatever the batch)
    # at the forecast's smoke sizes, as a review measured them: the growth after the largest batch is
    # the smallest of the three, by the allocator's noise
    draws = _draws("train.py:5", [2, 128, 256, 2], 0, [4, 5, 6, 7], pass_=2)
    held = 900 * MIB
    for draw, grown in zip(draws, [0, 4513792, 4644864, 4243456]):
        held += grown
        draw |= {"vm": held, "rss": held, "live": held}
    assert memory.forecast(_memory(draws, _steps(MIB))).kept_per_step > 0


def test_gradients_accumulated_over_a_pass_are_not_kept_memory():
    # gradient accumulation (argparse_default_clipped's fix): the first micro-batch's backward makes the
    # gradients, held until the step; the draws after it hold no more (the recorded figures, in bytes)
    held = [857628672, 866390016, 866426880, 866426880]
    draws = _draws("train.py:20", [2, 16, 32, 2], 0, [4, 5, 6, 7], pass_=2)
    for draw, value in zip(draws, held):
        draw |= {"vm": value, "rss": value, "live": value}
    assert memory.forecast(_memory(draws, _steps(MIB))).kept_per_step == 0


def _held_draws(batches, per_sample, released):
    """An evaluation's draws (no backward) where what is held as a batch is drawn is the graph of the
    batch before it, `per_sample` bytes a sample; the end holds the last batch's, or, not `released`,
    as much as the largest draw held."""
    start, found, before = 900 * MIB, [], 0
    for batch in batches:
        held = start + per_sample * before
        found.append({"loader": "val.py:9", "pass": 1, "batch": batch, "samples": 512, "user_batch": 512,
                      "rss": held, "vm": held, "live": held, "backwards": 4})
        before = batch
    end = start + per_sample * (before if released else max(batches))
    return found + [{"loader": "val.py:9", "pass": 1, "batch": 0, "end": True, "rss": end, "vm": end, "live": end,
                     "backwards": 4}]


def test_an_evaluation_that_holds_its_batch_graph_is_forecast_at_its_own_batch():
    # one validation batch of 512 outside no_grad: 3 MiB a sample held until the next batch replaces it
    record = _memory(_held_draws([2, 32, 64, 2], 3 * MIB, released=True), _steps(MIB))
    found = memory.forecast(record)
    assert found.kept_per_step == 3 * MIB * 512 and found.steps_per_epoch == 1
    finding = memory.verdict(record)
    assert finding.category == "memory.forecast_oom" and "holds its batch's graph" in finding.message


def test_an_evaluation_whose_held_memory_is_not_let_go_holds_no_graph():
    # what grew with the larger draws stays after the pass: a new batch size's caches, not a graph
    record = _memory(_held_draws([2, 32, 64, 2], 2 * MIB, released=False), _steps(MIB))
    assert memory.forecast(record).kept_per_step == 0


def test_a_smoke_draw_that_ran_out_of_memory_raises_the_cost_per_sample_to_what_put_it_over():
    # the smaller draws forecast 1 MiB a sample, but a draw of 1024 samples ran out of memory
    record = _memory([], _steps(MIB, sizes=(2, 16, 32)))
    found = memory.forecast(record)
    finding = memory.shown_at(record, 1024)
    corrected = finding.memory["forecast"]
    assert finding.category == "memory.forecast_oom" and "a smoke step of 1024 samples" in finding.message
    assert corrected["per_sample"] > found.per_sample
    assert corrected["per_sample"] * 1024 + corrected["fixed"] + corrected["base"] >= LIMIT
    assert corrected["largest_batch"] < 1024


def test_the_forecast_draws_are_made_where_the_whole_dataset_is_one_batch():
    """Full-batch training (a tabular matrix fed whole) has no batch before its last: the forecast's
    two sizes are drawn from that batch, ahead of its tail, or no forecast can be made."""
    import torch
    from torch.utils.data import DataLoader, TensorDataset

    from resolver.run.probe.smoke import SmokeBatches

    data = TensorDataset(torch.zeros(24576, 3))
    for batch, forecast_share, sizes in ((24576, 16, [2, 1536, 3072, 2]), (24576, 0, [2]),
                                         (4096, 16, [2, 256, 512, 2]), (4096, 0, [2, 2, 2, 2])):
        loader = DataLoader(data, batch_size=batch, shuffle=True)
        smoke = SmokeBatches(loader, loader.batch_sampler, 3, 2, batch, forecast_share)
        drawn = list(smoke)
        assert [len(b) for b in drawn] == sizes and len(smoke) == len(sizes)
        assert len({i for b in drawn for i in b}) == sum(sizes)  # no sample drawn twice in a pass


def test_a_script_that_accumulates_draws_each_forecast_size_for_whole_steps():
    """A loop stepping once every k batches makes a step's peak its largest batch's: with k seen, the
    draws come k at a time, so that the steps after the first each measure one size."""
    import torch
    from torch.utils.data import DataLoader, TensorDataset

    from resolver.run.probe.smoke import SmokeBatches

    data = TensorDataset(torch.zeros(24576, 3))
    for batch, k, sizes in ((4096, 2, [2, 2, 256, 256, 512, 512, 2]), (4096, 1, [2, 256, 512, 2]),
                            (24576, 3, [2, 2, 2, 1536, 1536, 1536, 3072, 3072, 3072, 2])):
        loader = DataLoader(data, batch_size=batch, shuffle=True)
        smoke = SmokeBatches(loader, loader.batch_sampler, 3, 2, batch, 16, accumulation=k)
        drawn = list(smoke)
        assert [len(b) for b in drawn] == sizes and len(smoke) == len(sizes)
        assert len({i for b in drawn for i in b}) == sum(sizes)
        steps = [max(map(len, drawn[i:i + k])) for i in range(0, len(drawn), k)]
        assert sorted(set(steps[1:]) - {2})[-2:] == sizes[k:3 * k:k]  # two sizes, each a whole step after the first


def _passed_run(steps, health):
    from resolver.run.runner import Run

    return Run(0, None, 1.0, memory={"steps": steps, "limits": {"address_space": LIMIT, "ram": 64 << 30}},
               health=health)


def test_a_run_whose_forecast_draws_shared_one_step_is_run_again_with_whole_steps():
    from resolver.memory_check import unmeasured_accumulation
    from resolver.run.runner import Settings

    # two optimizer steps of two backward passes each: the second step held the 1/16 and 1/8 draws
    shared = [{"batch": 256, "user_batch": 4096, "peak_rss": 900 * MIB, "rss_start": 800 * MIB},
              {"batch": 512, "user_batch": 4096, "peak_rss": 990 * MIB, "rss_start": 800 * MIB}]
    accumulating = {"steps": 2, "backward_calls": 4}
    assert unmeasured_accumulation(Settings(), _passed_run(shared, accumulating)) == 2
    assert unmeasured_accumulation(Settings(forecast_accumulation=2), _passed_run(shared, accumulating)) == 0
    assert unmeasured_accumulation(Settings(), _passed_run(shared, {"steps": 4, "backward_calls": 4})) == 0
    assert unmeasured_accumulation(Settings(full=True), _passed_run(shared, accumulating)) == 0
    at_the_users_batch = [{**s, "batch": 4096} for s in shared]  # nothing was lowered: nothing to forecast
    assert unmeasured_accumulation(Settings(), _passed_run(at_the_users_batch, accumulating)) == 0


def test_the_second_plan_is_one_step_below_the_forecasts_and_keeps_the_effective_batch():
    """Where the verifying run of the forecast's batch runs out of memory too, the rule's second
    candidate is a smaller micro-batch, an exact divisor of the user's batch when one is near."""
    from resolver.fix.rules._accumulation import step_down

    for batch, first, second in ((128, (64, 2), (32, 4)), (2048, (512, 4), (256, 8)), (24576, (12288, 2), (6144, 4)),
                                 (100, (34, 3), (20, 5))):
        micro, k = step_down(batch, *first)
        assert (micro, k) == second and micro < first[0] and micro * k >= batch
    assert step_down(2, 1, 2) is None  # nothing below one sample


ACCUMULATING = '''
import torch
from torch import nn


class Trainer:
    def __init__(self, model, config):
        self.model, self.steps = model, None
        self.steps = config["accum_steps"]
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def fit(self, loader, scheduler):
        for i, (x, y) in enumerate(loader):
            loss = nn.functional.cross_entropy(self.model(x), y) DIVIDED
            loss.backward()
            if (i + 1) % self.steps == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
            if (i + 1) % 50 == 0:
                scheduler.step()
'''


def test_a_loop_accumulates_only_where_its_loss_is_divided_by_the_count_that_guards_the_step(tmp_path):
    """`if (i + 1) % decay_every == 0: scheduler.step()` is no accumulation, nor is a guarded step
    over losses that are not averaged: multiplying that count would multiply the gradient."""
    from resolver.fix.rules._accumulation import accumulating_loops
    from resolver.fix.rules._source import parsed

    for divided, found in (("/ self.steps", True), ("", False), ("/ 4", False)):
        source = parsed(tmp_path / "trainer.py", ACCUMULATING.replace("DIVIDED", divided))
        assert bool(accumulating_loops(source)) == found


def test_the_count_read_through_an_attribute_is_multiplied_under_the_key_it_was_read_by(tmp_path):
    from resolver.fix.rules._accumulation import accumulating_loops, count_changes
    from resolver.fix.rules._source import parsed
    from resolver.write.edits import Workspace

    (tmp_path / "trainer.py").write_text(ACCUMULATING.replace("DIVIDED", "/ self.steps"))
    (tmp_path / "train.py").write_text("import json\nconfig = json.load(open('run.json'))\n")
    (tmp_path / "run.json").write_text('{"accum_steps": 2, "steps": 5000}\n')
    workspace = Workspace(tmp_path.resolve())
    source = parsed(tmp_path.resolve() / "trainer.py", (tmp_path / "trainer.py").read_text())
    (loop, count), = accumulating_loops(source)
    changes, where = count_changes(workspace, source, count, 4, {})
    assert where == "`accum_steps` in run.json" and changes[0].after == '{"accum_steps": 8, "steps": 5000}\n'


HAND_CUT = '''
import argparse
import torch
from presets import PRESETS

parser = argparse.ArgumentParser()
parser.add_argument("--batch-size", type=int, default=192)
args = parser.parse_args()
hp = PRESETS["base"]
x = torch.randn(1000, 8)
for start in range(0, len(x), STRIDE):
    loss = x[start:start + STRIDE].sum()
    loss.backward()
    optimizer.step()
'''


def test_a_stride_cut_by_hand_is_set_where_it_is_written_and_nowhere_else(tmp_path):
    """A dict key the code reads may be set in a settings module it imports; an argparse option at
    its default; an attribute with no default in the code (`cfg.batch_size`) is never matched
    against some other .py file's `batch_size = 192`; and a number written in the range itself is
    not followed (its slices repeat it)."""
    from resolver.fix.rules._accumulation import training_loops
    from resolver.fix.rules._hand_batches import stride, written
    from resolver.fix.rules._source import parsed
    from resolver.write.edits import Workspace

    (tmp_path / "presets.py").write_text('PRESETS = {"base": dict(lr=0.1, batch_size=192)}\n')
    (tmp_path / "export_onnx.py").write_text("batch_size = 192\n")
    expected = {'hp["batch_size"]': "presets.py", "args.batch_size": "train.py", "cfg.batch_size": None, "192": None}
    for expression, changed in expected.items():
        text = HAND_CUT.replace("STRIDE", expression)
        if expression.startswith("cfg."):  # no option of that name either
            text = text.replace('parser.add_argument("--batch-size", type=int, default=192)', "")
        (tmp_path / "train.py").write_text(text)
        workspace = Workspace(tmp_path.resolve())
        source = parsed(tmp_path.resolve() / "train.py", (tmp_path / "train.py").read_text())
        found = stride(workspace, source, training_loops(source)[0])
        placed = found and written(workspace, *found, 192, 48)
        assert (placed[0][0].file.name if placed else None) == changed
        assert not placed or "batch_size=48" in placed[0][0].after or "default=48" in placed[0][0].after


def test_the_count_and_the_batch_of_one_dataclass_are_set_together(tmp_path):
    from resolver.fix.rules._accumulation import accumulating_loops, count_changes
    from resolver.fix.rules._source import parsed
    from resolver.write.edits import Workspace

    config = "from dataclasses import dataclass\n\n\n@dataclass\nclass Config:\n    batch_size: int = 2048\n" \
             "    grad_accum_steps: int = 2\n"
    loop = ACCUMULATING.replace("self.steps", "cfg.grad_accum_steps").replace("DIVIDED", "/ cfg.grad_accum_steps")
    (tmp_path / "config.py").write_text(config)
    (tmp_path / "trainer.py").write_text("from config import Config\ncfg = Config()\n" + loop)
    workspace = Workspace(tmp_path.resolve())
    source = parsed(tmp_path.resolve() / "trainer.py", (tmp_path / "trainer.py").read_text())
    (loop_node, count), = accumulating_loops(source)
    batch_set = {(tmp_path / "config.py").resolve(): config.replace("2048", "256")}
    changes, where = count_changes(workspace, source, count, 8, batch_set)
    assert changes[0].after == config.replace("2048", "256").replace("int = 2\n", "int = 16\n")


def test_a_loop_over_batch_numbers_slices_by_the_width_it_multiplies(tmp_path):
    """`for s in range(steps): idx = perm[s * bs:(s + 1) * bs]`, with `bs` a local read from a config
    file the command names: the stride is bs, set in that file; the loop's own counter is the index."""
    from resolver.fix.rules._accumulation import accumulated, training_loops
    from resolver.fix.rules._hand_batches import stride, written
    from resolver.fix.rules._source import parsed
    from resolver.write.edits import Workspace

    text = "\n".join(["import json, sys, torch", "", "def main(path):", "    cfg = json.load(open(path))",
                      "    bs = cfg['batch_size']", "    perm = torch.randperm(4096)",
                      "    for s in range(4096 // bs):",
                      "        idx = perm[s * bs:(s + 1) * bs]", "        opt.zero_grad()",
                      "        loss = model(x[idx]).sum()", "        loss.backward()", "        opt.step()", "",
                      "main(sys.argv[1])", ""])
    (tmp_path / "train.py").write_text(text)
    (tmp_path / "run.json").write_text('{"batch_size": 4096, "lr": 0.1}\n')
    workspace = Workspace(tmp_path.resolve(), arguments=("run.json",))
    source = parsed(tmp_path.resolve() / "train.py", text)
    loop = training_loops(source)[0]
    found = stride(workspace, source, loop)
    changes, where = written(workspace, *found, 4096, 1024)
    assert source.code(found[1]) == "bs" and where == "`batch_size` in run.json"
    assert changes[0].after == '{"batch_size": 1024, "lr": 0.1}\n'
    rewritten = accumulated(source, loop, 4096, 1024, 4, sized=False)
    assert "for s in range(4096 // bs):" in rewritten and "if (s + 1) % accumulation_steps == 0:" in rewritten


def test_one_allocation_no_rule_makes_cheaper_is_named_in_the_stop_with_its_size(tmp_path):
    (tmp_path / "match.py").write_text("import torch\n\ncost = (a[:, None] - b[None]).abs().amax(-1)\n")
    allocator = ("RuntimeError: [enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate "
                 "memory: you tried to allocate 4800000000 bytes. Error code 12 (Cannot allocate memory)")
    error = parse_traceback(f"""Traceback (most recent call last):
  File "{tmp_path}/match.py", line 3, in <module>
    cost = (a[:, None] - b[None]).abs().amax(-1)
{allocator}
""", tmp_path)
    assert error.category == "memory.cpu_oom"
    stop = memory.stop_reason(error, "use a smaller batch size")
    assert stop.startswith("`cost = (a[:, None] - b[None]).abs().amax(-1)` (match.py:3) asked for 4.5 GiB")
    assert stop.endswith("; use a smaller batch size")
