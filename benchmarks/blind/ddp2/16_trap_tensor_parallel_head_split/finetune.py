import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F

from tplm.layers import TinyLM


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", default="pretrained/tiny_lm.pt")
    ap.add_argument("--steps", type=int, default=20)
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    ckpt = torch.load(args.ckpt, map_location="cpu")
    cfg = ckpt["config"]
    model = TinyLM(cfg["vocab"], cfg["d_model"], cfg["n_heads"], cfg["max_len"], ckpt["state_dict"])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    g = torch.Generator().manual_seed(0)          # identical batches on every TP rank
    for step in range(args.steps):
        seq = torch.randint(0, cfg["vocab"], (8, 1), generator=g) + torch.arange(17)
        seq = seq % cfg["vocab"]                    # "count up" sequences
        logits = model(seq[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, cfg["vocab"]), seq[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if rank == 0 and step % 5 == 0:
            print(f"step {step} loss {loss.item():.4f}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
