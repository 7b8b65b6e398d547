import torch
import torch.distributed as dist


@torch.no_grad()
def evaluate(model, x_val, y_val, batch_size=64):
    """Accuracy of the model on a validation split; counts are summed over all ranks."""
    model.eval()
    counts = torch.zeros(2)
    for i in range(0, len(x_val), batch_size):
        pred = model(x_val[i:i + batch_size]).argmax(1)
        counts[0] += (pred == y_val[i:i + batch_size]).sum()
        counts[1] += len(pred)
    dist.all_reduce(counts, op=dist.ReduceOp.SUM)
    model.train()
    return (counts[0] / counts[1]).item()
