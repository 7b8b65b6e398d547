import argparse
import json

import torch

from charlm.dataset import build_name_dataset
from charlm.model import CharMLP
from charlm.trainer import Trainer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="config.json")
    parser.add_argument("--epochs", type=int)
    args = parser.parse_args()
    with open(args.config) as fh:
        cfg = json.load(fh)
    if args.epochs:
        cfg["epochs"] = args.epochs

    torch.manual_seed(cfg["seed"])
    train_ds, val_ds, vocab = build_name_dataset(block_size=cfg["block_size"], seed=cfg["seed"])
    model = CharMLP(len(vocab), cfg["block_size"], cfg["n_embd"], cfg["n_hidden"])
    trainer = Trainer(model, train_ds, val_ds, cfg)
    trainer.run()
    print("sample:", trainer.sample(vocab, n=5))


if __name__ == "__main__":
    main()
