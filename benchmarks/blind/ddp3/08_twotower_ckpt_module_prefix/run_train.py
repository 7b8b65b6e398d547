import argparse
import gc
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from recsys.ckpt import load_weights, save_checkpoint
from recsys.data import synth_interactions
from recsys.towers import build_model, in_batch_softmax_loss, recall_at_k


def train_one_epoch(model, loader, opt):
    model.train()
    losses = []
    for u, i in loader:
        uv, iv = model(u, i)
        loss = in_batch_softmax_loss(uv, iv)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    t = torch.tensor([sum(losses), len(losses)], dtype=torch.float)
    dist.all_reduce(t)
    return (t[0] / t[1]).item()


def main(args):
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)

    ds, n_users, n_items = synth_interactions()
    sampler = DistributedSampler(ds, shuffle=True)
    loader = DataLoader(ds, batch_size=64, sampler=sampler, drop_last=True)
    model = DDP(build_model(n_users, n_items))
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)

    best, best_path = float("inf"), os.path.join(args.out, "best.pt")
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        loss = train_one_epoch(model, loader, opt)
        if rank == 0:
            print(f"epoch {epoch} loss {loss:.4f}", flush=True)
            if loss < best:
                best = loss
                save_checkpoint(model, opt, epoch, best_path)
        dist.barrier()

    if rank == 0:
        fresh = build_model(n_users, n_items)
        ep = load_weights(fresh, best_path)
        print(f"best epoch {ep}: recall@10 = {recall_at_k(fresh, ds, n_items):.3f}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--out", default="runs/tt")
    main(p.parse_args())
    gc.collect()
