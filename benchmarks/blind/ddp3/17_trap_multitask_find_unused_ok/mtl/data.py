import torch
import torch.nn.functional as F


def make_task_data(task, n=192, in_dim=24, seed=0):
    g = torch.Generator().manual_seed(seed + ("activity", "fall", "steps").index(task))
    x = torch.randn(n, in_dim, generator=g)
    if task == "activity":
        y = x[:, :5].argmax(1)
    elif task == "fall":
        y = (x[:, 5] + x[:, 6] > 1.0).float().unsqueeze(1)
    else:
        y = (x[:, 7:10].abs().sum(1, keepdim=True))
    return x, y


def task_loss(task, out, y):
    if task == "activity":
        return F.cross_entropy(out, y)
    if task == "fall":
        return F.binary_cross_entropy_with_logits(out, y)
    return F.mse_loss(out, y)
