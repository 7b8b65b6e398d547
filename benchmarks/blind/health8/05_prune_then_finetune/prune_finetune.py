"""Pretrain -> L1-norm prune + speedup -> fine-tune."""
import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from compress.data import make_blobs
from compress.models import MLP
from compress.pruning import count_params, speedup_model
from compress.trainer import Trainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="prune.yaml")
    ap.add_argument("--sparsity", type=float, default=None)
    args = ap.parse_args()
    cfg = yaml.safe_load(open(args.config))
    sparsity = args.sparsity if args.sparsity is not None else cfg["pruner"]["sparsity"]

    torch.manual_seed(cfg["seed"])
    train_loader = DataLoader(make_blobs(512, seed=0), batch_size=cfg["train"]["batch_size"], shuffle=True)
    test_loader = DataLoader(make_blobs(256, seed=1), batch_size=128)

    model = MLP(cfg["model"]["in_dim"], tuple(cfg["model"]["hidden"]), cfg["model"]["num_classes"])
    trainer = Trainer(model, lr=cfg["train"]["lr"])

    for epoch in range(cfg["train"]["pretrain_epochs"]):
        loss = trainer.train_epoch(train_loader)
        print(f"[pretrain] epoch {epoch} loss {loss:.4f} acc {trainer.evaluate(test_loader):.3f}")

    before = count_params(model)
    speedup_model(model, sparsity)
    print(f"pruned {before} -> {count_params(model)} params, "
          f"acc after speedup {trainer.evaluate(test_loader):.3f}")

    for epoch in range(cfg["train"]["finetune_epochs"]):
        loss = trainer.train_epoch(train_loader)
        print(f"[finetune] epoch {epoch} loss {loss:.4f} acc {trainer.evaluate(test_loader):.3f}")
    torch.save(model, "pruned_model.pt")


if __name__ == "__main__":
    main()
