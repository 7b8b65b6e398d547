import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


class PretrainStage:
    """Denoising-autoencoder pretraining on unlabelled windows."""

    def __init__(self, model, dataset, batch_size=64, lr=1e-3, noise=0.1):
        self.model = model
        self.loader = DataLoader(dataset, batch_size=batch_size, shuffle=True)
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.noise = noise

    def run(self, epochs, ckpt_path):
        for ep in range(epochs):
            self.model.train()
            tot = 0.0
            for (x,) in self.loader:
                recon = self.model(x + self.noise * torch.randn_like(x))
                loss = F.mse_loss(recon, x)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                tot += loss.item() * len(x)
            print(f"[pretrain] epoch {ep} recon_mse {tot / len(self.loader.dataset):.4f}")
        os.makedirs(os.path.dirname(ckpt_path), exist_ok=True)
        torch.save(self.model.state_dict(), ckpt_path)


class ProbeStage:
    def __init__(self, model, train_set, val_set, batch_size=32, lr=3e-3):
        self.model = model
        self.train_loader = DataLoader(train_set, batch_size=batch_size, shuffle=True)
        self.val_loader = DataLoader(val_set, batch_size=128)
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def run(self, epochs):
        for ep in range(epochs):
            self.model.train()
            for x, y in self.train_loader:
                loss = F.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            print(f"[probe] epoch {ep} loss {loss.item():.4f} val_acc {self.accuracy():.3f}")

    @torch.no_grad()
    def accuracy(self):
        self.model.eval()
        hits = n = 0
        for x, y in self.val_loader:
            hits += (self.model(x).argmax(1) == y).sum().item()
            n += len(y)
        return hits / n
