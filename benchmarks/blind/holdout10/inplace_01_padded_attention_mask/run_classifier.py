import os
from dataclasses import dataclass, field

import torch
from torch.utils.data import DataLoader

from data import MotifDataset, collate
from models.encoder import SequenceClassifier
from trainer import Trainer


@dataclass
class Config:
    vocab_size: int = 50
    num_classes: int = 3
    max_len: int = 32
    d_model: int = 64
    n_heads: int = 4
    n_layers: int = 2
    dropout: float = 0.1
    batch_size: int = 32
    epochs: int = 2
    lr: float = 3e-3
    weight_decay: float = 0.01
    label_smoothing: float = 0.05
    grad_clip: float = 1.0
    seed: int = 13
    out_dir: str = field(default_factory=lambda: os.path.join(os.path.dirname(os.path.abspath(__file__)), "outputs"))


def main():
    cfg = Config()
    torch.manual_seed(cfg.seed)
    train_ds = MotifDataset(1024, cfg.vocab_size, cfg.num_classes, max_len=cfg.max_len, seed=cfg.seed)
    val_ds = MotifDataset(256, cfg.vocab_size, cfg.num_classes, max_len=cfg.max_len, seed=cfg.seed + 1)
    val_ds.motifs = train_ds.motifs
    train_loader = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True, collate_fn=collate)
    val_loader = DataLoader(val_ds, batch_size=64, collate_fn=collate)
    model = SequenceClassifier(cfg.vocab_size, cfg.num_classes, cfg.max_len, cfg.d_model, cfg.n_heads,
                               cfg.n_layers, dropout=cfg.dropout)
    Trainer(model, train_loader, val_loader, cfg).train()


if __name__ == "__main__":
    main()
