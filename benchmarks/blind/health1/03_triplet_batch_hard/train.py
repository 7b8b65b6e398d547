import argparse

import torch
import yaml

from metric.data import build_loader, make_train_loader
from metric.losses import batch_hard_triplet_loss
from metric.model import EmbeddingNet


@torch.no_grad()
def recall_at_1(model, x, y):
    model.eval()
    emb = model(x)
    sim = emb @ emb.t()
    sim.fill_diagonal_(-float("inf"))
    nn_idx = sim.argmax(dim=1)
    return (y[nn_idx] == y).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    ap.add_argument("--epochs", type=int, default=None)
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    tcfg = cfg["train"]
    if args.epochs is not None:
        tcfg["epochs"] = args.epochs

    torch.manual_seed(tcfg["seed"])
    loader = make_train_loader(cfg["data"], tcfg["batch_size"], tcfg["seed"])
    x_val, y_val = build_loader(cfg["data"], tcfg["seed"] + 100)
    model = EmbeddingNet(cfg["data"]["dim"], cfg["model"]["hidden"], cfg["model"]["embed_dim"])
    opt = torch.optim.Adam(model.parameters(), lr=tcfg["lr"])

    for epoch in range(tcfg["epochs"]):
        model.train()
        losses = []
        for xb, yb in loader:
            loss = batch_hard_triplet_loss(model(xb), yb, tcfg["margin"])
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        print(f"epoch {epoch + 1}: triplet_loss={sum(losses) / len(losses):.4f} recall@1={recall_at_1(model, x_val, y_val):.3f}")


if __name__ == "__main__":
    main()
