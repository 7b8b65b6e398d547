"""
Train model. Run as:

python base_train.py

or on a CPU/Macbook, lower the depth / batch size, e.g.:
python base_train.py --depth=4 --max_seq_len=128 --device_batch_size=4 --num_iterations=20
"""

import argparse
import time
from contextlib import nullcontext

import torch

from nanochat.gpt import GPT, GPTConfig
from nanochat.dataloader import tokenizing_distributed_data_loader
from nanochat.common import compute_init, print0, autodetect_device_type

parser = argparse.ArgumentParser()
parser.add_argument("--device_type", type=str, default="")  # cuda|cpu|mps (empty => autodetect)
parser.add_argument("--depth", type=int, default=20)
parser.add_argument("--max_seq_len", type=int, default=2048)
parser.add_argument("--vocab_size", type=int, default=512)
parser.add_argument("--device_batch_size", type=int, default=32)
parser.add_argument("--num_iterations", type=int, default=-1)
parser.add_argument("--embedding_lr", type=float, default=0.2)
parser.add_argument("--unembedding_lr", type=float, default=0.004)
parser.add_argument("--matrix_lr", type=float, default=0.02)
parser.add_argument("--weight_decay", type=float, default=0.0)
parser.add_argument("--grad_clip", type=float, default=1.0)
parser.add_argument("--eval_every", type=int, default=10)
args = parser.parse_args()

# Compute init
device_type = autodetect_device_type() if args.device_type == "" else args.device_type
ddp, ddp_rank, ddp_local_rank, ddp_world_size, device = compute_init(device_type)
master_process = ddp_rank == 0
autocast_ctx = torch.amp.autocast(device_type="cuda", dtype=torch.bfloat16) if device_type == "cuda" else nullcontext()

# Model kwargs are derived from the desired depth of the model
num_layers = args.depth
model_dim = args.depth * 64  # aspect ratio 64 (usually this is varied from 64 -> 128 as model size increases)
num_heads = max(1, (model_dim + 127) // 128)  # head dim 128 (the division here is ceil div)
num_kv_heads = num_heads
print0(f"num_layers: {num_layers}")
print0(f"model_dim: {model_dim}")
print0(f"num_heads: {num_heads}")

model_config_kwargs = dict(sequence_len=args.max_seq_len, vocab_size=args.vocab_size, n_layer=num_layers,
                           n_head=num_heads, n_kv_head=num_kv_heads, n_embd=model_dim)
with torch.device("meta"):
    model_config = GPTConfig(**model_config_kwargs)
    model = GPT(model_config)
model.to_empty(device=device)
model.init_weights()
num_params = sum(p.numel() for p in model.parameters())
print0(f"Number of parameters: {num_params:,}")

num_iterations = args.num_iterations if args.num_iterations > 0 else 50
optimizers = model.setup_optimizers(unembedding_lr=args.unembedding_lr, embedding_lr=args.embedding_lr,
                                    matrix_lr=args.matrix_lr, weight_decay=args.weight_decay)

train_loader = tokenizing_distributed_data_loader(args.device_batch_size, args.max_seq_len, split="train",
                                                  vocab_size=args.vocab_size, device=device)
val_loader = tokenizing_distributed_data_loader(args.device_batch_size, args.max_seq_len, split="val",
                                                vocab_size=args.vocab_size, device=device)
x, y = next(train_loader)


def get_lr_multiplier(it):
    warmdown_iters = round(0.2 * num_iterations)
    if it <= num_iterations - warmdown_iters:
        return 1.0
    progress = (num_iterations - it) / warmdown_iters
    return progress


smooth_train_loss = 0
for step in range(num_iterations + 1):
    last_step = step == num_iterations

    if last_step or step % args.eval_every == 0:
        model.eval()
        with torch.no_grad(), autocast_ctx:
            vx, vy = next(val_loader)
            val_loss = model(vx, vy).item()
        print0(f"Step {step:05d} | Validation loss: {val_loss:.4f}")
        model.train()

    if last_step:
        break

    t0 = time.time()
    with autocast_ctx:
        loss = model(x, y)
    train_loss = loss.detach()
    loss.backward()
    x, y = next(train_loader)
    if args.grad_clip > 0.0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), args.grad_clip)
    lrm = get_lr_multiplier(step)
    for opt in optimizers:
        for group in opt.param_groups:
            group["lr"] = group["initial_lr"] * lrm
        opt.step()
    model.zero_grad(set_to_none=True)
    dt = time.time() - t0
    smooth_train_loss = 0.9 * smooth_train_loss + 0.1 * train_loss.item()
    debiased = smooth_train_loss / (1 - 0.9 ** (step + 1))
    print0(f"step {step:05d}/{num_iterations:05d} | loss: {debiased:.6f} | lrm: {lrm:.2f} | dt: {dt * 1000:.2f}ms")

print0("Done.")
