import math

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset, random_split

from config import ECGConfig
from layers import ECGNet


class SyntheticECG(Dataset):
    def __init__(self, cfg, seed=0):
        g = torch.Generator().manual_seed(seed)
        t = torch.linspace(0, 2, cfg.signal_len)
        self.y = torch.randint(0, cfg.n_classes, (cfg.n_records,), generator=g)
        rate = 1.0 + 0.4 * self.y.float()                     # "heart rate" differs by class
        beats = torch.sin(2 * math.pi * rate.view(-1, 1, 1) * t) ** 15
        self.x = beats.expand(-1, cfg.leads, -1) + 0.1 * torch.randn(cfg.n_records, cfg.leads, cfg.signal_len, generator=g)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def main():
    cfg = ECGConfig()
    torch.manual_seed(0)
    ds = SyntheticECG(cfg)
    train_ds, val_ds = random_split(ds, [0.75, 0.25], generator=torch.Generator().manual_seed(0))
    train_dl = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=cfg.batch_size)

    model = ECGNet(cfg.leads, cfg.channels, cfg.n_blocks, cfg.n_classes)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg.epochs)
    criterion = nn.CrossEntropyLoss()

    for epoch in range(cfg.epochs):
        model.train()
        for x, y in train_dl:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
        scheduler.step()
        model.eval()
        with torch.no_grad():
            correct = sum((model(x).argmax(1) == y).sum().item() for x, y in val_dl)
        print(f"epoch {epoch}: last loss {loss.item():.4f} val acc {correct / len(val_ds):.3f} lr {scheduler.get_last_lr()[0]:.2e}")
    torch.save(model.state_dict(), cfg.checkpoint)


if __name__ == "__main__":
    main()
