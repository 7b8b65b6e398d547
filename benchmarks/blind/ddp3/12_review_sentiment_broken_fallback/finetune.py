import argparse
import gc

import torch
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, DistributedSampler

from sentiment.data import Reviews, collate
from sentiment.model import BagRegressor
from sentiment.runtime import Runtime


def main(args):
    rt = Runtime()
    torch.manual_seed(0)
    ds = Reviews()
    sampler = DistributedSampler(ds, num_replicas=rt.world_size, rank=rt.rank) if rt.distributed else None
    loader = DataLoader(ds, batch_size=32, shuffle=sampler is None, sampler=sampler, collate_fn=collate)

    model = BagRegressor()
    if rt.distributed:
        model = DistributedDataParallel(model)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)

    for epoch in range(args.epochs):
        if sampler is not None:
            sampler.set_epoch(epoch)
        running = torch.zeros(1)
        for words, offsets, stars in loader:
            loss = F.mse_loss(model(words, offsets), stars)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.detach()
        mse = rt.all_mean(running / len(loader))
        if rt.is_master:
            print(f"epoch {epoch} mse {mse.item():.3f}", flush=True)
    rt.shutdown()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=3)
    main(p.parse_args())
    gc.collect()
