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
        batch_psnr = psnr(model(blur), sharp).sum().reshape(1)
        batch_n = torch.tensor([float(len(blur))])
        # gather the batch statistics from all ranks
        dist.all_reduce(batch_psnr)
        dist.all_reduce(batch_n)
        psnr_sum += batch_psnr
        n_seen += batch_n
    model.train()
    return (psnr_sum / n_seen).item()
