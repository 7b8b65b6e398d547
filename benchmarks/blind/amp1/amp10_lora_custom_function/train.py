from dataclasses import dataclass, fields
import argparse

import torch
import torch.nn.functional as F

from lora.layers import inject_lora, lora_parameters
from lora.model import MLPMixerLite, make_dataset


@dataclass
class Cfg:
    epochs: int = 4
    batch_size: int = 64
    lr: float = 5e-3
    rank: int = 4
    alpha: float = 8.0
    amp: bool = True
    seed: int = 0


def parse() -> Cfg:
    ap = argparse.ArgumentParser(description="LoRA adaptation of a frozen token-mixing MLP")
    for f in fields(Cfg):
        if f.type is bool or f.type == "bool":
            ap.add_argument(f"--{f.name}", type=lambda s: s not in ("0", "false", "False"), default=f.default)
        else:
            ap.add_argument(f"--{f.name.replace('_', '-')}", type=type(f.default), default=f.default)
    return Cfg(**vars(ap.parse_args()))


def main():
    cfg = parse()
    torch.manual_seed(cfg.seed)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    amp_dtype = torch.float16 if device.type == "cuda" else torch.bfloat16

    model = MLPMixerLite(num_tokens=8, dim=32, num_classes=4, depth=2)
    model.requires_grad_(False)
    inject_lora(model, rank=cfg.rank, alpha=cfg.alpha, targets=("fc1", "fc2"))
    model.head.requires_grad_(True)
    model.to(device)

    params = list(lora_parameters(model)) + list(model.head.parameters())
    opt = torch.optim.AdamW(params, lr=cfg.lr)
    scaler = torch.amp.GradScaler(device.type, enabled=cfg.amp and amp_dtype == torch.float16)
    loader = torch.utils.data.DataLoader(make_dataset(512, seed=cfg.seed), batch_size=cfg.batch_size, shuffle=True)

    for epoch in range(cfg.epochs):
        model.train()
        tot, n = 0.0, 0
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            with torch.autocast(device.type, dtype=amp_dtype, enabled=cfg.amp):
                logits = model(x)
                loss = F.cross_entropy(logits, y)
            opt.zero_grad(set_to_none=True)
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
            tot += loss.item() * y.size(0)
            n += y.size(0)
        print(f"epoch {epoch}: loss={tot / n:.4f}")


if __name__ == "__main__":
    main()
