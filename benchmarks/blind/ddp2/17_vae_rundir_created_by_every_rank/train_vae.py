import argparse
import gc

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from vae.model import PointVAE, elbo_loss
from vae.moons import two_moons
from vae.utils.experiment import Experiment


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-name", default="moons")
    ap.add_argument("--root", default="runs")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--beta", type=float, default=0.5)
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    exp = Experiment(args.root, args.run_name, vars(args))

    torch.manual_seed(0)
    ds = two_moons()
    sampler = DistributedSampler(ds)
    loader = DataLoader(ds, batch_size=64, sampler=sampler)
    model = DDP(PointVAE())
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        for (x,) in loader:
            recon, mu, logvar = model(x)
            loss = elbo_loss(recon, x, mu, logvar, args.beta)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            exp.log(epoch=epoch, loss=loss.item())
            exp.save(model.module, f"epoch{epoch}")
            print(f"epoch {epoch} elbo-loss {loss.item():.4f}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
