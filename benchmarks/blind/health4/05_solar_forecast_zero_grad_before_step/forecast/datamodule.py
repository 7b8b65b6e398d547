import math
import torch
from torch.utils.data import DataLoader, TensorDataset


class PVDataModule:
    def __init__(self, lags=24, batch_size=128, days=365, seed=11):
        self.lags, self.batch_size, self.days, self.seed = lags, batch_size, days, seed

    def setup(self):
        g = torch.Generator().manual_seed(self.seed)
        hours = torch.arange(self.days * 24, dtype=torch.float32)
        hod = hours % 24
        doy = hours / 24
        clear_sky = torch.clamp(torch.sin((hod - 6) / 12 * math.pi), min=0) * (0.7 + 0.3 * torch.sin(doy / 365 * 2 * math.pi))
        cloud = torch.sigmoid(torch.randn(self.days, generator=g)).repeat_interleave(24)
        power = 5.0 * clear_sky * (1 - 0.7 * cloud) + 0.05 * torch.randn(len(hours), generator=g)
        X, y = [], []
        for t in range(self.lags, len(hours) - 1):
            X.append(torch.cat([power[t - self.lags:t], torch.tensor([math.sin(hod[t + 1] / 24 * 2 * math.pi), math.cos(hod[t + 1] / 24 * 2 * math.pi)])]))
            y.append(power[t + 1])
        X, y = torch.stack(X), torch.stack(y).unsqueeze(1)
        n = int(0.85 * len(X))
        self.train_ds, self.val_ds = TensorDataset(X[:n], y[:n]), TensorDataset(X[n:], y[n:])

    def train_dataloader(self):
        return DataLoader(self.train_ds, batch_size=self.batch_size, shuffle=True)

    def val_dataloader(self):
        return DataLoader(self.val_ds, batch_size=512)
