import argparse
import gc
import os

import torch
import torch.distributed as dist
import yaml
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from forecast.checkpoint import save_checkpoint, load_weights
from forecast.data import sine_windows
from forecast.loops import train_epoch, evaluate
from forecast.model import GRUForecaster


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/gru.yaml")
    cfg = yaml.safe_load(open(ap.parse_args().config))
    tc, mc = cfg["train"], cfg["model"]

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(0)

    train_ds = sine_windows(tc["n_series"], tc["window"], seed=0)
    val_ds = sine_windows(128, tc["window"], seed=1)
    test_ds = sine_windows(128, tc["window"], seed=2)
    sampler = DistributedSampler(train_ds, num_replicas=world, rank=rank)
    train_dl = DataLoader(train_ds, batch_size=tc["batch_size"], sampler=sampler)
    val_dl = DataLoader(val_ds, batch_size=64,
                        sampler=DistributedSampler(val_ds, num_replicas=world, rank=rank, shuffle=False))

    model = DDP(GRUForecaster(mc["hidden"], mc["layers"]))
    opt = torch.optim.Adam(model.parameters(), lr=tc["lr"])
    best = float("inf")
    ckpt_path = os.path.join(cfg["out_dir"], "best.pt")
    for epoch in range(tc["epochs"]):
        sampler.set_epoch(epoch)
        tr = train_epoch(model, train_dl, opt)
        val = evaluate(model, val_dl)
        if rank == 0:
            print(f"epoch {epoch} train {tr:.4f} val {val:.4f}", flush=True)
            if val < best:
                best = val
                save_checkpoint(model, opt, epoch, val, ckpt_path)
        dist.barrier()

    if rank == 0:
        test_model = GRUForecaster(mc["hidden"], mc["layers"])
        ep, v = load_weights(test_model, ckpt_path)
        test = evaluate(test_model, DataLoader(test_ds, batch_size=64), reduce=False)
        print(f"best epoch {ep} (val {v:.4f}) test mse {test:.4f}", flush=True)
    dist.barrier()


if __name__ == "__main__":
    main()
    dist.destroy_process_group()
    gc.collect()
