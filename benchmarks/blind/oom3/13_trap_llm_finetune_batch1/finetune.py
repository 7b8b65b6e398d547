import argparse
import time

import torch
import torch.nn.functional as F
import yaml

from model import DecoderLM


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    cfg = yaml.safe_load(open(ap.parse_args().config))
    mc, tc = cfg["model"], cfg["train"]
    torch.manual_seed(tc["seed"])

    model = DecoderLM(**mc)
    n_params = sum(p.numel() for p in model.parameters())
    print(f"model: {n_params / 1e6:.0f}M params ({n_params * 4 / 2**30:.2f} GiB fp32)")
    opt = torch.optim.AdamW(model.parameters(), lr=tc["lr"], weight_decay=tc["weight_decay"])

    g = torch.Generator().manual_seed(tc["seed"])
    for step in range(tc["steps"]):
        t0 = time.time()
        ids = torch.randint(0, mc["vocab_size"], (tc["batch_size"], tc["seq_len"] + 1), generator=g)
        logits = model(ids[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), ids[:, 1:].reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), tc["grad_clip"])
        opt.step()
        print(f"step {step}: loss {loss.item():.4f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
