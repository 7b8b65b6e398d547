import argparse
import gc

import torch
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from molnet.data.synthetic import RandomMolecules
from molnet.models.mpnn import MPNN
from molnet.utils.dist import cleanup, init_distributed, is_main, reduce_mean


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    return p.parse_args()


def main():
    args = parse_args()
    rank, world, local_rank, device = init_distributed()
    torch.manual_seed(0)

    ds = RandomMolecules(n_graphs=256)
    sampler = DistributedSampler(ds, num_replicas=world, rank=rank, shuffle=True)
    loader = DataLoader(ds, batch_size=args.batch_size, sampler=sampler)

    model = MPNN(hidden=args.hidden).to(device)
    model = DDP(model, device_ids=[local_rank] if device.type == "cuda" else None)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        model.train()
        running = torch.zeros(1, device=device)
        for step, (x, adj, mask, y) in enumerate(loader):
            x, adj, mask, y = x.to(device), adj.to(device), mask.to(device), y.to(device)
            pred = model(x, adj, mask)
            loss = F.mse_loss(pred, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.detach()
        mean_loss = reduce_mean(running / len(loader))
        if is_main():
            print(f"epoch {epoch} mse {mean_loss.item():.4f}", flush=True)

    if is_main():
        print("done")


if __name__ == "__main__":
    main()
    cleanup()
    gc.collect()
