import os

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, random_split
from torch.utils.data.distributed import DistributedSampler

from .checkpoint import save_epoch
from .dataset import FingerprintDataset
from .model import FingerprintMLP


def run_worker(rank, world_size, cfg):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = cfg.master_port
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    torch.manual_seed(cfg.seed)

    full = FingerprintDataset(cfg.n_mols, cfg.n_bits, cfg.seed)
    train_ds, valid_ds = random_split(full, [0.85, 0.15], generator=torch.Generator().manual_seed(cfg.seed))
    sampler = DistributedSampler(train_ds, seed=cfg.seed)
    train_dl = DataLoader(train_ds, batch_size=cfg.batch_size, sampler=sampler)
    valid_dl = DataLoader(valid_ds, batch_size=256)

    model = DDP(FingerprintMLP(cfg.n_bits, cfg.hidden, cfg.dropout))
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)

    for epoch in range(cfg.epochs):
        sampler.set_epoch(epoch)
        model.train()
        for x, y in train_dl:
            loss = F.mse_loss(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            se = sum(F.mse_loss(model.module(x), y, reduction="sum").item() for x, y in valid_dl)
        rmse = (se / len(valid_ds)) ** 0.5
        if rank == 0:
            print(f"epoch {epoch}: valid RMSE {rmse:.4f}", flush=True)
        save_epoch(cfg.ckpt_dir, epoch, model.module, optimizer, {"epoch": epoch, "valid_rmse": rmse})
        dist.barrier()

    dist.destroy_process_group()
