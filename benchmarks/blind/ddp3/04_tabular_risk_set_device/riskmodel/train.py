import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, DistributedSampler

from riskmodel.config import TrainConfig
from riskmodel.data.synthetic import make_credit_table
from riskmodel.nets.mlp import RiskMLP
from riskmodel.utils.distributed import setup_distributed, teardown


def run(cfg: TrainConfig):
    rank, world, local_rank = setup_distributed()
    device = torch.device(f"cuda:{local_rank}" if torch.cuda.is_available() else "cpu")

    ds = make_credit_table(cfg.data)
    sampler = DistributedSampler(ds, shuffle=True, seed=cfg.data.seed)
    loader = DataLoader(ds, batch_size=cfg.batch_size, sampler=sampler, drop_last=True)

    net = RiskMLP(cfg.data.n_numeric, cfg.data.n_categorical, cfg.data.cardinality, cfg.hidden).to(device)
    net = DDP(net, device_ids=[local_rank] if device.type == "cuda" else None)
    opt = torch.optim.AdamW(net.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)

    for epoch in range(cfg.epochs):
        sampler.set_epoch(epoch)
        tot = torch.zeros(2, device=device)
        for num, cat, y in loader:
            num, cat, y = num.to(device), cat.to(device), y.to(device)
            loss = F.binary_cross_entropy_with_logits(net(num, cat), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += torch.stack([loss.detach() * len(y), torch.tensor(float(len(y)), device=device)])
        dist.all_reduce(tot)
        if rank == 0:
            print(f"[epoch {epoch}] bce={tot[0] / tot[1]:.4f}", flush=True)
    teardown()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=TrainConfig.epochs)
    ap.add_argument("--batch-size", type=int, default=TrainConfig.batch_size)
    a = ap.parse_args()
    run(TrainConfig(epochs=a.epochs, batch_size=a.batch_size))
    gc.collect()
