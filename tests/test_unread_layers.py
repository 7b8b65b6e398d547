"""Which layers' outputs nothing reads (resolver/run/probe/reads.py), under the real probe and torch: a
layer whose output the code drops is unread; a layer whose output reaches the loss through a cut (a
detach, .item(), a no_grad block, a cast to integers, torch.tensor of its values, `.data =`) or an
in-place write into a view of what reaches it is read, cut or not.
The summary marks the unread ones only in the rerun that traces the cuts."""

import pytest
from conftest import FIXTURES, copy_case, resolve
from test_health_runs import summary_of

pytestmark = pytest.mark.slow  # runs real scripts

SCRIPT = """import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(4, 8)
        for name in ("dropped", "detached", "cast", "rewrapped", "no_grad", "number", "into_a_view", "set_as_data"):
            setattr(self, name, nn.Linear(8, 8))
        self.register_buffer("gain", torch.ones(8))
        self.emb = nn.Embedding(10, 8)
        self.head = nn.Linear(8, 1)

    def forward(self, x):
        h = torch.relu(self.stem(x))
        self.dropped(h)
        h = h + self.detached(h).detach()
        h = h + self.emb(self.cast(h).abs().long().clamp(0, 9)).mean(1)
        h = h + torch.tensor([float(r.sum()) for r in self.rewrapped(h)]).unsqueeze(1)
        t = self.no_grad(h)
        with torch.no_grad():
            t = t * 2
        h = h + t
        h = h * (1.0 if self.number(h).mean().item() > 0 else 1.0)
        h = h.clone()
        written = h[:, :4].data  # another tensor on h's storage: a write into it reaches h
        written += self.into_a_view(h)[:, :4]
        self.gain.data = self.set_as_data(h).mean(0)
        return self.head(h * self.gain)


model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    x, y = torch.randn(6, 4), torch.randn(6, 1)
    loss = nn.functional.mse_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
"""


def cut_layers(tmp_path, *flags: str) -> dict:
    (tmp_path / "train.py").write_text(SCRIPT)
    summary = summary_of(tmp_path / "train.py", tmp_path, *flags)
    return {c["module"]: c.get("unread", False) for c in summary["cut_modules"]}


def test_a_layer_is_unread_only_when_nothing_takes_its_output(tmp_path):
    assert cut_layers(tmp_path, "--trace-graph-cut") == {
        "dropped": True, "detached": False, "cast": False, "rewrapped": False, "no_grad": False, "number": False,
        "into_a_view": False, "set_as_data": False}
    assert not any(cut_layers(tmp_path).values())  # only the rerun that traces the cuts says it


def test_a_crash_fix_is_kept_when_the_layers_without_a_gradient_were_never_read(tmp_path):
    """The in-place add of a top-down neck, made out of place: its run finds the coarse level's smoothing
    conv without a gradient, as the head reads only the finest level, and did so before the fix too."""
    case = FIXTURES / "inplace_autograd" / "top_down_merge_into_a_list_of_levels"
    project = copy_case(case, tmp_path / "project")
    result = resolve("--no-llm", "--json", "train.py", cwd=project)
    report = result.json
    assert report["status"] == "SUCCESS", result.stdout + result.stderr
    assert (project / "neck.py").read_text() == (case / "expected" / "neck.py").read_text()
    assert any(note.startswith("neck.smooth.1 ran in the training forward, but nothing reads its output, before "
                               "this fix as after it") for note in report["notes"]), report["notes"]
