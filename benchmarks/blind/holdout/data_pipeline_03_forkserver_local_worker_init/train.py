import argparse

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, get_worker_info

from augment import NoisyPatchDataset


def build_loader(ds, batch_size, workers, base_seed):
    def seed_worker(worker_id):
        info = get_worker_info()
        info.dataset.rng = np.random.default_rng(base_seed + worker_id)

    return DataLoader(
        ds,
        batch_size=batch_size,
        shuffle=True,
        num_workers=workers,
        multiprocessing_context="forkserver",
        persistent_workers=True,
        worker_init_fn=seed_worker,
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1234)
    args = ap.parse_args()
    torch.manual_seed(args.seed)

    loader = build_loader(NoisyPatchDataset(), args.batch_size, args.workers, args.seed)
    net = nn.Sequential(
        nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(),
        nn.Flatten(), nn.Linear(8 * 8 * 8, 4),
    )
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    crit = nn.CrossEntropyLoss()
    for epoch in range(args.epochs):
        tot = 0.0
        for x, y in loader:
            opt.zero_grad()
            loss = crit(net(x), y)
            loss.backward()
            opt.step()
            tot += loss.item()
        print(f"epoch {epoch} mean loss {tot / len(loader):.4f}")


if __name__ == "__main__":
    main()
