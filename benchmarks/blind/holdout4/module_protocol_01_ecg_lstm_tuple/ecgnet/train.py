import os

import torch
from torch.utils.data import DataLoader, random_split

from .callbacks import BestCheckpoint, ConsoleLogger, History
from .config import RunConfig
from .model import RhythmClassifier
from .signals import synth_ecg
from .trainer import Trainer


def main():
    cfg = RunConfig.from_cli()
    torch.manual_seed(cfg.seed)
    ds = synth_ecg(cfg.n_records, cfg.length, cfg.n_leads, cfg.n_classes, cfg.seed)
    n_val = len(ds) // 5
    train_ds, val_ds = random_split(ds, [len(ds) - n_val, n_val], generator=torch.Generator().manual_seed(0))
    model = RhythmClassifier(cfg.n_leads, cfg.hidden, cfg.layers, cfg.n_classes)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    callbacks = [
        ConsoleLogger(),
        History(os.path.join(cfg.out_dir, "history.json")),
        BestCheckpoint(os.path.join(cfg.out_dir, "best.pt")),
    ]
    trainer = Trainer(model, opt, callbacks)
    trainer.fit(DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True),
                DataLoader(val_ds, batch_size=cfg.batch_size), cfg.epochs)


if __name__ == "__main__":
    main()
