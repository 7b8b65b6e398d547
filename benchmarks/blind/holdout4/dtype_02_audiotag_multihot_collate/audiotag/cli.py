import argparse
import sys

import numpy as np
import torch
from torch.utils.data import DataLoader

from .collate import pad_and_stack
from .data import ClipDataset, synthesize
from .model import Tagger
from .settings import Settings
from .trainer import PrintLogger, Trainer


def cmd_train(args):
    cfg = Settings(epochs=args.epochs, batch_size=args.batch_size)
    torch.manual_seed(cfg.seed)
    manifest = synthesize(cfg)
    order = np.random.default_rng(cfg.seed).permutation(cfg.n_clips)
    n_val = cfg.n_clips // 5
    train_ds = ClipDataset(manifest, cfg.tags, order[n_val:])
    val_ds = ClipDataset(manifest, cfg.tags, order[:n_val])
    train_dl = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True, collate_fn=pad_and_stack)
    val_dl = DataLoader(val_ds, batch_size=cfg.batch_size, collate_fn=pad_and_stack)
    model = Tagger(cfg.n_mfcc, cfg.hidden, len(cfg.tags))
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    Trainer(model, opt, callbacks=[PrintLogger()]).fit(train_dl, val_dl, cfg.epochs)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="audiotag")
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train")
    t.add_argument("--epochs", type=int, default=2)
    t.add_argument("--batch-size", type=int, default=16)
    t.set_defaults(func=cmd_train)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
