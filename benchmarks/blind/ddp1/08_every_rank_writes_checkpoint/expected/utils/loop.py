import torch
import torch.distributed as dist

from vae.model import elbo_loss
from .io import save_epoch


def run_training(model, optimizer, loader, sampler, epochs, run_dir):
    rank = dist.get_rank()
    for epoch in range(epochs):
        sampler.set_epoch(epoch)
        acc = torch.zeros(2)
        for (x,) in loader:
            recon, mu, logvar = model(x)
            loss = elbo_loss(recon, x, mu, logvar)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            acc += torch.tensor([loss.item(), 1.0])
        dist.all_reduce(acc)
        metrics = {"epoch": epoch, "loss": (acc[0] / acc[1]).item()}
        if rank == 0:
            print(metrics, flush=True)
            save_epoch(model, optimizer, run_dir, epoch, metrics)
        dist.barrier()
