import argparse

import torch
import yaml

from lm.gpt import GPT


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/finetune.yaml")
    cfg = yaml.safe_load(open(ap.parse_args().config))
    m, t = cfg["model"], cfg["train"]
    torch.manual_seed(0)
    model = GPT(**m, grad_checkpointing=t["grad_checkpointing"])
    if t["init_from"]:
        model.load_state_dict(torch.load(t["init_from"], map_location="cpu"))
    print(f"{sum(p.numel() for p in model.parameters()) / 1e9:.2f}B parameters")
    opt = torch.optim.AdamW(model.parameters(), lr=t["lr"])
    for step in range(t["steps"]):
        idx = torch.randint(0, m["vocab_size"], (t["batch_size"], t["seq_len"] + 1))
        loss = model.loss(idx)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
