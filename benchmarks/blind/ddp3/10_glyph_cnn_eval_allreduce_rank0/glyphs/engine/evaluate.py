import torch
import torch.distributed as dist


@torch.no_grad()
def evaluate(model, loader):
    """Accuracy over the whole validation set (each rank scores its shard, then we sum)."""
    model.eval()
    stats = torch.zeros(2)
    for x, y in loader:
        pred = model(x).argmax(1)
        stats[0] += (pred == y).sum()
        stats[1] += y.numel()
    dist.all_reduce(stats, op=dist.ReduceOp.SUM)
    model.train()
    return (stats[0] / stats[1]).item()
