import argparse
import gc

import torch
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

from src.data import synthetic_reviews, make_loader
from src.models.lstm import LSTMClassifier
from src.utils.dist_env import init_distributed, cleanup


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-3)
    args = ap.parse_args()

    distributed, rank, world = init_distributed()
    torch.manual_seed(0)
    model = LSTMClassifier()
    if distributed:
        model = DDP(model)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    loader, sampler = make_loader(synthetic_reviews(), args.batch_size, distributed, rank, world)

    for epoch in range(args.epochs):
        if sampler is not None:
            sampler.set_epoch(epoch)
        correct = total = 0
        for x, y in loader:
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            correct += (logits.argmax(1) == y).sum().item()
            total += len(y)
        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.4f} train-acc {correct / total:.3f}", flush=True)
    cleanup(distributed)


if __name__ == "__main__":
    main()
    gc.collect()
