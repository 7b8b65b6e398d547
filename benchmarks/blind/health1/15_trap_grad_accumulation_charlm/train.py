import argparse

import torch
import yaml

from charlm.data import build
from charlm.model import CharGRU
from charlm.trainer import AccumulatingTrainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    ap.add_argument("--epochs", type=int)
    args = ap.parse_args()
    cfg = yaml.safe_load(open(args.config))
    if args.epochs:
        cfg["train"]["epochs"] = args.epochs
    tcfg, mcfg = cfg["train"], cfg["model"]

    torch.manual_seed(cfg["data"]["seed"])
    train_loader, val_loader, vocab_size = build(cfg["data"], tcfg["micro_batch"])
    model = CharGRU(vocab_size, mcfg["embed_dim"], mcfg["hidden"], mcfg["layers"], mcfg["dropout"])
    trainer = AccumulatingTrainer(model, tcfg["lr"], tcfg["accum_steps"], tcfg["clip"])
    for epoch in range(1, tcfg["epochs"] + 1):
        tr = trainer.train_epoch(train_loader)
        va, ppl = trainer.evaluate(val_loader)
        print(f"epoch {epoch}: train_loss {tr:.4f} val_loss {va:.4f} val_ppl {ppl:.2f} updates {trainer.updates}")


if __name__ == "__main__":
    main()
