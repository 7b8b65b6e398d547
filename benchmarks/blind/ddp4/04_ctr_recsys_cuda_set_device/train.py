import argparse
import gc

import torch
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from src.data import CAT_CARDINALITIES, N_DENSE, make_ctr_data
from src.dist_utils import all_reduce_mean, get_rank, setup_distributed, shutdown
from src.model import DeepFM

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=2)
parser.add_argument("--batch-size", type=int, default=256)
parser.add_argument("--lr", type=float, default=3e-3)
args = parser.parse_args()


def main():
    local_rank, device = setup_distributed()
    torch.manual_seed(42)
    ds = make_ctr_data()
    sampler = DistributedSampler(ds)
    dl = DataLoader(ds, batch_size=args.batch_size, sampler=sampler)

    model = DeepFM(N_DENSE, CAT_CARDINALITIES).to(device)
    model = DDP(model, device_ids=[local_rank] if device.type == "cuda" else None)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    crit = nn.BCEWithLogitsLoss()

    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        running = torch.zeros(1, device=device)
        for dense, cats, y in dl:
            dense, cats, y = dense.to(device), cats.to(device), y.to(device)
            loss = crit(model(dense, cats), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.detach()
        mean_loss = all_reduce_mean(running / len(dl))
        if get_rank() == 0:
            print(f"epoch {epoch}: logloss {mean_loss.item():.4f}", flush=True)
    shutdown()


if __name__ == "__main__":
    main()
    gc.collect()
