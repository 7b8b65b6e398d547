import argparse
import math

import torch
import torch.nn.functional as F
import yaml

from model import GPT


def get_batch(data, batch_size, seq_len):
    ix = torch.randint(len(data) - seq_len - 1, (batch_size,))
    x = torch.stack([data[i:i + seq_len] for i in ix])
    y = torch.stack([data[i + 1:i + 1 + seq_len] for i in ix])
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    args = ap.parse_args()
    cfg = yaml.safe_load(open(args.config))
    mc, tc = cfg["model"], cfg["train"]
    torch.manual_seed(tc["seed"])

    data = torch.randint(0, mc["vocab_size"], (200_000,))
    model = GPT(**mc)
    n_params = sum(p.numel() for p in model.parameters())
    print(f"model: {n_params / 1e6:.1f}M parameters")
    opt = torch.optim.AdamW(model.parameters(), lr=tc["lr"], betas=(0.9, 0.95), weight_decay=tc["weight_decay"])

    def lr_lambda(step):
        if step < tc["warmup_steps"]:
            return (step + 1) / tc["warmup_steps"]
        return 0.5 * (1 + math.cos(math.pi * (step - tc["warmup_steps"]) / (tc["max_steps"] - tc["warmup_steps"])))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda)
    model.train()
    for step in range(tc["max_steps"]):
        x, y = get_batch(data, tc["batch_size"], tc["seq_len"])
        with torch.autocast("cpu", dtype=torch.bfloat16):
            logits = model(x)
        loss = F.cross_entropy(logits.float().view(-1, logits.size(-1)), y.view(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), tc["grad_clip"])
        opt.step()
        sched.step()
        if step % 5 == 0:
            print(f"step {step} loss {loss.item():.4f} lr {sched.get_last_lr()[0]:.2e}")


if __name__ == "__main__":
    main()
