import argparse

import torch
import torch.nn.functional as F
import yaml

from model import WideMLP


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/wide.yaml")
    cfg = yaml.safe_load(open(ap.parse_args().config))
    torch.manual_seed(0)
    model = WideMLP(**cfg["model"])
    n_params = sum(p.numel() for p in model.parameters())
    print(f"model parameters: {n_params / 1e6:.1f}M")
    opt = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])
    bs = cfg["train"]["batch_size"]
    for step in range(cfg["train"]["steps"]):
        x = torch.randn(bs, cfg["model"]["in_features"])
        y = torch.randint(0, cfg["model"]["num_classes"], (bs,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
