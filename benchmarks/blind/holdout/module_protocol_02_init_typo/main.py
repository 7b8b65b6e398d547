from dataclasses import dataclass

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from nets import ConvNet
from trainer import Trainer


@dataclass
class Config:
    num_classes: int = 10
    width: int = 8
    n_train: int = 256
    n_val: int = 64
    batch_size: int = 32
    epochs: int = 2
    lr: float = 0.05
    ckpt: str = "convnet.ckpt"


def fake_cifar(n, num_classes, seed):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, num_classes, (n,), generator=g)
    x = torch.randn(n, 3, 16, 16, generator=g) * 0.5
    x[torch.arange(n), y % 3] += (y.float() / num_classes).view(-1, 1, 1)
    return TensorDataset(x, y)


def main(cfg: Config):
    torch.manual_seed(0)
    train_loader = DataLoader(fake_cifar(cfg.n_train, cfg.num_classes, 0), batch_size=cfg.batch_size, shuffle=True)
    val_loader = DataLoader(fake_cifar(cfg.n_val, cfg.num_classes, 1), batch_size=cfg.batch_size)
    model = ConvNet(num_classes=cfg.num_classes, width=cfg.width)
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9, nesterov=True)
    trainer = Trainer(model, optimizer, nn.CrossEntropyLoss(label_smoothing=0.1), train_loader, val_loader)
    trainer.fit(cfg.epochs, cfg.ckpt)


if __name__ == "__main__":
    main(Config())
