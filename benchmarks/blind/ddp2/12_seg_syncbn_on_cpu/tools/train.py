import argparse
import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from segnet.blobs import Blobs
from segnet.models.builder import build_model


def dice(logits, target, eps=1.0):
    p = torch.sigmoid(logits)
    inter = (p * target).sum((1, 2, 3))
    return ((2 * inter + eps) / (p.sum((1, 2, 3)) + target.sum((1, 2, 3)) + eps)).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--width", type=int, default=16)
    args = ap.parse_args()

    distributed = int(os.environ.get("WORLD_SIZE", 1)) > 1
    if distributed:
        dist.init_process_group("nccl" if torch.cuda.is_available() else "gloo")
    rank = dist.get_rank() if distributed else 0
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if torch.cuda.is_available() else torch.device("cpu")

    torch.manual_seed(0)
    ds = Blobs()
    sampler = DistributedSampler(ds) if distributed else None
    loader = DataLoader(ds, batch_size=16, sampler=sampler, shuffle=sampler is None)
    model = build_model({"width": args.width}, device, distributed)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(args.epochs):
        if sampler:
            sampler.set_epoch(epoch)
        for img, mask in loader:
            img, mask = img.to(device), mask.to(device)
            logits = model(img)
            loss = F.binary_cross_entropy_with_logits(logits, mask) + 1 - dice(logits, mask)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.4f} dice {dice(logits, mask).item():.3f}")
    if distributed:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
