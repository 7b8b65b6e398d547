import torch
import torch.distributed as dist
import torch.nn.functional as F


def train_epoch(model, loader, opt):
    model.train()
    for x, y in loader:
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


@torch.no_grad()
def evaluate(model, loader, reduce=True):
    model.eval()
    s = torch.zeros(2)
    for x, y in loader:
        s[0] += F.mse_loss(model(x), y, reduction="sum")
        s[1] += y.numel()
    if reduce and dist.is_initialized():
        dist.all_reduce(s)
    return (s[0] / s[1]).item()
