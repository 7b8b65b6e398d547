import os

import torch
from torch.utils.data import DataLoader

from .callbacks import ModelCheckpoint, ProgressLogger
from .config import Config
from .data import make_credit_table
from .evaluate import load_for_inference, test_report
from .model import TabularNet
from .trainer import Trainer


def run(cfg):
    torch.manual_seed(cfg.seed)
    train_ds, val_ds, test_ds = make_credit_table(cfg)
    model = TabularNet(cfg.n_numeric, cfg.n_categories, cfg.emb_dim, cfg.hidden, cfg.dropout)
    ckpt = ModelCheckpoint(cfg.ckpt_dir)
    trainer = Trainer(model, cfg.lr, callbacks=[ProgressLogger(), ckpt], data_parallel=cfg.data_parallel)
    trainer.fit(DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True),
                DataLoader(val_ds, batch_size=cfg.batch_size), cfg.epochs)

    best = load_for_inference(cfg, ckpt.path)
    report = test_report(best, DataLoader(test_ds, batch_size=256))
    print("test:", {k: round(v, 3) for k, v in report.items()})


if __name__ == "__main__":
    run(Config())
