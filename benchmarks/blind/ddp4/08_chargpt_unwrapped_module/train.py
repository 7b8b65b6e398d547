"""
Character-level GPT. To run with DDP on 2 processes on 1 node:
$ torchrun --standalone --nproc_per_node=2 train.py
"""
import argparse
import gc
import os
import time

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from model import CharGPT
from utils.checkpoint import save_checkpoint
from utils.text import build_corpus

parser = argparse.ArgumentParser()
parser.add_argument("--max_iters", type=int, default=60)
parser.add_argument("--eval_interval", type=int, default=20)
parser.add_argument("--eval_iters", type=int, default=5)
parser.add_argument("--batch_size", type=int, default=16)
parser.add_argument("--block_size", type=int, default=32)
parser.add_argument("--learning_rate", type=float, default=3e-3)
parser.add_argument("--out_dir", default="out-chargpt")
args = parser.parse_args()
config = vars(args)

ddp = int(os.environ.get("RANK", -1)) != -1
if ddp:
    dist.init_process_group(backend="gloo")
    ddp_rank = int(os.environ["RANK"])
    ddp_world_size = int(os.environ["WORLD_SIZE"])
    master_process = ddp_rank == 0
    seed_offset = ddp_rank
else:
    master_process = True
    seed_offset = 0
    ddp_world_size = 1

torch.manual_seed(1337 + seed_offset)
train_data, val_data, vocab_size = build_corpus()


def get_batch(split):
    data = train_data if split == "train" else val_data
    ix = torch.randint(len(data) - args.block_size, (args.batch_size,))
    x = torch.stack([data[i : i + args.block_size] for i in ix])
    y = torch.stack([data[i + 1 : i + 1 + args.block_size] for i in ix])
    return x, y


torch.manual_seed(1337)  # identical init on all ranks
model = CharGPT(vocab_size, block_size=args.block_size)
optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
if ddp:
    model = DDP(model)
raw_model = model.module if ddp else model  # unwrap DDP container if needed
torch.manual_seed(1337 + seed_offset)


@torch.no_grad()
def estimate_loss():
    out = {}
    model.eval()
    for split in ["train", "val"]:
        losses = torch.zeros(args.eval_iters)
        for k in range(args.eval_iters):
            X, Y = get_batch(split)
            _, loss = raw_model(X, Y)
            losses[k] = loss.item()
        out[split] = losses.mean()
    model.train()
    return out


best_val_loss = 1e9
t0 = time.time()
for iter_num in range(args.max_iters + 1):
    if iter_num % args.eval_interval == 0 and master_process:
        losses = estimate_loss()
        print(f"step {iter_num}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}", flush=True)
        if losses["val"] < best_val_loss:
            best_val_loss = losses["val"]
            if iter_num > 0:
                path = save_checkpoint(raw_model, optimizer, iter_num, best_val_loss, config, args.out_dir)
                print(f"saving checkpoint to {path}", flush=True)
    if iter_num == args.max_iters:
        break
    X, Y = get_batch("train")
    _, loss = model(X, Y)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()

if master_process:
    print(f"done in {time.time() - t0:.1f}s", flush=True)
if ddp:
    dist.barrier()
    dist.destroy_process_group()
del model, raw_model, optimizer
gc.collect()
