import argparse
import os

import torch
from torch.utils.data import DataLoader

from data import GlyphBank, PairDataset
from losses import ContrastiveLoss
from models import build_siamese
from utils.config import load_config
from utils.metrics import verification_accuracy


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--config", required=True)
    p.add_argument("--opts", nargs="*", default=[], help="dotted overrides, e.g. train.lr=0.01")
    p.add_argument("--workdir", default="work_dirs")
    p.add_argument("--no-eval", action="store_true")
    p.add_argument("--amp", action="store_true")
    return p.parse_args()


def main():
    args = parse()
    cfg, raw = load_config(args.config, args.opts)
    torch.manual_seed(cfg.seed)

    bank = GlyphBank(cfg.data.n_classes, cfg.data.per_class, cfg.data.image_size,
                     grayscale=cfg.data.grayscale, seed=cfg.seed)
    n_val = cfg.data.val_classes
    train_bank = bank.subset(range(cfg.data.n_classes - n_val))
    val_bank = bank.subset(range(cfg.data.n_classes - n_val, cfg.data.n_classes))
    train_ds = PairDataset(train_bank, cfg.train.pairs_per_epoch, cfg.data.pos_fraction, seed=cfg.seed)
    val_ds = PairDataset(val_bank, 256, 0.5, seed=cfg.seed + 1)
    train_dl = DataLoader(train_ds, batch_size=cfg.train.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=64)

    model = build_siamese(cfg.model)
    criterion = ContrastiveLoss(cfg.train.margin)
    optim = torch.optim.AdamW(model.parameters(), lr=cfg.train.lr, weight_decay=cfg.train.weight_decay)
    sched = torch.optim.lr_scheduler.OneCycleLR(optim, max_lr=cfg.train.lr,
                                                total_steps=cfg.train.epochs * len(train_dl))

    out_dir = os.path.join(args.workdir, cfg.experiment)
    os.makedirs(out_dir, exist_ok=True)
    for epoch in range(cfg.train.epochs):
        model.train()
        running = 0.0
        for it, (a, b, same) in enumerate(train_dl):
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.amp):
                _, _, dist = model(a, b)
            loss = criterion(dist.float(), same)
            optim.zero_grad()
            loss.backward()
            optim.step()
            sched.step()
            running += loss.item()
        msg = f"epoch {epoch}: loss {running / len(train_dl):.4f}"
        if not args.no_eval:
            model.eval()
            dists, sames = [], []
            with torch.no_grad():
                for a, b, same in val_dl:
                    dists.append(model(a, b)[2])
                    sames.append(same)
            msg += f" | val acc {verification_accuracy(torch.cat(dists), torch.cat(sames)):.3f}"
        print(msg)
    torch.save(model.state_dict(), os.path.join(out_dir, "last.pth"))


if __name__ == "__main__":
    main()
