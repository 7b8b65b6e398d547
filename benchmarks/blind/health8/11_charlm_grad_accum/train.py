import argparse
import math

import torch
import yaml
from torch.utils.data import DataLoader

from charlm.data import CharChunks, make_corpus
from charlm.model import CharRNN
from charlm.trainer import Trainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    ap.add_argument("--accum-steps", type=int, default=None)
    args = ap.parse_args()
    cfg = yaml.safe_load(open(args.config))
    torch.manual_seed(cfg["seed"])

    train_text, val_text = make_corpus(700, seed=0), make_corpus(200, seed=1)
    chars = sorted(set(train_text + val_text))
    stoi = {c: i for i, c in enumerate(chars)}
    train_loader = DataLoader(CharChunks(train_text, cfg["block_size"], stoi), batch_size=cfg["batch_size"],
                              shuffle=True, drop_last=True)
    val_loader = DataLoader(CharChunks(val_text, cfg["block_size"], stoi), batch_size=cfg["batch_size"])

    model = CharRNN(len(chars), **cfg["model"])
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=0.01)
    trainer = Trainer(model, optimizer, args.accum_steps or cfg["accum_steps"], cfg["grad_clip"])
    for epoch in range(cfg["epochs"]):
        tr = trainer.train_epoch(train_loader)
        va = trainer.evaluate(val_loader)
        print(f"epoch {epoch + 1}: train loss {tr:.4f} | val loss {va:.4f} | val ppl {math.exp(va):.2f}")


if __name__ == "__main__":
    main()
