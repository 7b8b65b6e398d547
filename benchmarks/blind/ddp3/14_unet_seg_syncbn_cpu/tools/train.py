import gc
import os
import sys

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn.functional as F
import yaml
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from seg.datasets.blobs import Blobs  # noqa: E402
from seg.models.build import build_model  # noqa: E402


def dice(logits, target, eps=1.0):
    p = torch.sigmoid(logits)
    inter = (p * target).sum((1, 2, 3))
    return ((2 * inter + eps) / (p.sum((1, 2, 3)) + target.sum((1, 2, 3)) + eps)).mean()


def main_worker(rank, cfg):
    use_cuda = torch.cuda.is_available()
    dist.init_process_group("nccl" if use_cuda else "gloo", init_method=cfg["dist_url"],
                            world_size=cfg["world_size"], rank=rank)
    device = torch.device("cuda", rank) if use_cuda else torch.device("cpu")
    torch.manual_seed(0)

    model = build_model(cfg["model"]).to(device)
    model = DDP(model, device_ids=[rank] if use_cuda else None)
    opt = torch.optim.SGD(model.parameters(), lr=cfg["train"]["lr"], momentum=0.9)

    ds = Blobs(cfg["data"]["n_train"], cfg["data"]["size"])
    sampler = DistributedSampler(ds, num_replicas=cfg["world_size"], rank=rank)
    loader = DataLoader(ds, batch_size=cfg["train"]["batch_size"], sampler=sampler, drop_last=True)

    for epoch in range(cfg["train"]["epochs"]):
        sampler.set_epoch(epoch)
        for img, mask in loader:
            img, mask = img.to(device), mask.to(device)
            logits = model(img)
            loss = F.binary_cross_entropy_with_logits(logits, mask) + (1 - dice(logits, mask))
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.4f} dice {dice(logits, mask).item():.3f}", flush=True)

    dist.destroy_process_group()
    gc.collect()


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        cfg = yaml.safe_load(f)
    mp.spawn(main_worker, args=(cfg,), nprocs=cfg["world_size"], join=True)
