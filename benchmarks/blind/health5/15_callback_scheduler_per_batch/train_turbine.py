"""Wind-turbine fault classifier from 10-minute SCADA summaries (synthetic stand-in data)."""
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from fitkit.callbacks import GradNormMonitor, LRSchedulerCallback, ProgressPrinter
from fitkit.loop import fit
from fitkit.models import make_mlp


def scada(n=2560, d=24, k=5, seed=0):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(k, d, generator=g) * 0.8
    W = torch.randn(d, d, generator=g) / d ** 0.5
    y = torch.randint(0, k, (n,), generator=g)
    x = centers[y] + torch.randn(n, d, generator=g)
    return TensorDataset(torch.tanh(x @ W) * 3 + 0.3 * torch.randn(n, d, generator=g), y)


if __name__ == "__main__":
    torch.manual_seed(0)
    loader = DataLoader(scada(), batch_size=64, shuffle=True)
    model = make_mlp(24, 5)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.7)  # decay once per epoch
    fit(model, loader, optimizer, F.cross_entropy, epochs=5,
        callbacks=[LRSchedulerCallback(scheduler), GradNormMonitor(), ProgressPrinter()])
