import argparse
import json
import os

import torch

from churn.data import build_dataloaders
from churn.model import ChurnMLP
from churn.trainer import ChurnTrainer

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-c", "--config", default="config.json")
    parser.add_argument("--epochs", type=int)
    args = parser.parse_args()
    with open(os.path.join(HERE, args.config)) as f:
        cfg = json.load(f)
    if args.epochs:
        cfg["training"]["epochs"] = args.epochs

    torch.manual_seed(cfg["seed"])
    train_loader, val_loader, encoder = build_dataloaders(cfg)
    print(f"{len(train_loader.dataset)} train rows, {len(val_loader.dataset)} val rows")
    m = cfg["model"]
    model = ChurnMLP(encoder.cardinalities, len(cfg["data"]["numerical"]),
                     m["embedding_dim"], m["hidden_dims"], m["dropout"])
    ChurnTrainer(model, cfg, HERE).fit(train_loader, val_loader)


if __name__ == "__main__":
    main()
