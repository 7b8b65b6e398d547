"""A loop rewritten to accumulate keeps its per-batch schedule's length in optimizer steps, or is not
rewritten: a OneCycleLR planned for k times the steps it gets would never anneal."""

from pathlib import Path

from resolver.fix.rules._accumulation import accumulated, training_loops
from resolver.fix.rules._source import parsed

LOOP = """import math
import torch

sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, epochs=2, steps_per_epoch={count})
for xb, yb in loader:
    loss = model(xb).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
    sched.step()
"""


def _accumulated(count: str) -> str | None:
    source = parsed(Path("train.py"), LOOP.format(count=count))
    return accumulated(source, training_loops(source)[0], 256, 64, 4)


def test_a_schedule_counted_by_the_loader_is_divided_into_optimizer_steps():
    text = _accumulated("len(loader)")
    assert "steps_per_epoch=((len(loader) + 3) // 4)" in text
    assert "accumulation_steps = 4" in text


def test_a_literal_schedule_length_is_kept():
    assert "steps_per_epoch=100)" in _accumulated("100")


def test_a_schedule_counted_some_other_way_stops_the_rewrite():
    assert _accumulated("math.ceil(n_train / args.batch_size)") is None
    assert _accumulated("steps") is None
