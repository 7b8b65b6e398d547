import torch
import torch.distributed as dist


def psnr(pred, target, max_val=1.0):
    mse = ((pred.clamp(0, 1) - target) ** 2).flatten(1).mean(1)
    return 10 * torch.log10(max_val ** 2 / mse.clamp(min=1e-10))


@torch.no_grad()
def validate(model, loader):
    model.eval()
    psnr_sum = torch.zeros(1)
    n_seen = torch.zeros(1)
    for blur, sharp in loader:
        psnr_sum += psnr(model(blur), sharp).sum()
        n_seen += len(blur)
    # ranks may have a different number of batches (no padding): reduce once, after the loop
    dist.all_reduce(psnr_sum)
    dist.all_reduce(n_seen)
    model.train()
    return (psnr_sum / n_seen).item()
