import math

import torch
from torch.utils.data import DataLoader, TensorDataset

import settings as S
from net import ECGResNet
from trainer import Trainer


def synthetic_ecg(n, gen):
    t = torch.linspace(0, 10, S.SIGNAL_LEN)
    hr = 0.8 + 0.8 * torch.rand(n, 1, 1, generator=gen)
    x = torch.sin(2 * torch.pi * hr * t) + 0.3 * torch.randn(n, S.N_LEADS, S.SIGNAL_LEN, generator=gen)
    y = (torch.rand(n, S.N_CLASSES, generator=gen) < 0.2).float()
    x[:, :, ::97] += y[:, :1, None] * 2.0
    return TensorDataset(x, y)


def main():
    torch.manual_seed(S.DATA_SEED)
    gen = torch.Generator().manual_seed(S.DATA_SEED)
    train_ds, val_ds = synthetic_ecg(S.N_TRAIN, gen), synthetic_ecg(S.N_VAL, gen)
    train_loader = DataLoader(train_ds, batch_size=S.BATCH_SIZE, shuffle=True, drop_last=False)
    val_loader = DataLoader(val_ds, batch_size=32)

    model = ECGResNet(S.N_LEADS, S.N_CLASSES)
    optimizer = torch.optim.Adam(model.parameters(), lr=S.LR)
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=S.LR, epochs=S.EPOCHS,
                                                    steps_per_epoch=math.ceil(len(train_loader) / S.ACCUM_STEPS))
    trainer = Trainer(model, optimizer, scheduler, S.MAX_GRAD_NORM, S.USE_AMP, S.ACCUM_STEPS)
    trainer.fit(train_loader, val_loader, S.EPOCHS)


if __name__ == "__main__":
    main()
