"""BinaryConnect-style MLP (binary weights in the forward pass, real-valued latent weights
updated by the optimizer).  python train_bnn.py --config configs/bnn.yaml"""
import argparse
import time

import torch
import torch.nn.functional as F
import yaml

from bnn.data.digits import make_digits
from bnn.layers.binary import BinaryMLP


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/bnn.yaml")
    cfg = yaml.safe_load(open(ap.parse_args().config))
    torch.manual_seed(cfg["seed"])
    xtr, ytr, xte, yte = make_digits(cfg["n_train"], cfg["n_test"])
    model = BinaryMLP(xtr.shape[1], cfg["hidden"], 10)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    bs = cfg["batch_size"]
    for epoch in range(cfg["epochs"]):
        t0 = time.time()
        model.train()
        perm = torch.randperm(len(xtr))
        for i in range(0, len(xtr), bs):
            b = perm[i:i + bs]
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=cfg["amp"]):
                loss = F.cross_entropy(model(xtr[b]), ytr[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
            model.clip_latent_weights()
        model.eval()
        with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16, enabled=cfg["amp"]):
            acc = (model(xte).argmax(1) == yte).float().mean().item()
        print(f"epoch {epoch}: loss {loss.item():.3f} test acc {acc:.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
