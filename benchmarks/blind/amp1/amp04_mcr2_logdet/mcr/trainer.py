import contextlib

import torch
import torch.nn.functional as F

from .losses import rate_reduction
from .model import Encoder


def make_blobs(n, in_dim, num_classes, seed):
    g = torch.Generator().manual_seed(seed)
    means = 3 * torch.randn(num_classes, in_dim, generator=g)
    y = torch.randint(0, num_classes, (n,), generator=g)
    x = means[y] + torch.randn(n, in_dim, generator=g)
    return torch.utils.data.TensorDataset(x, y)


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        torch.manual_seed(cfg.seed)
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.model = Encoder(cfg.in_dim, cfg.hidden, cfg.feat_dim, cfg.num_classes).to(self.device)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)
        self.loader = torch.utils.data.DataLoader(
            make_blobs(cfg.n_train, cfg.in_dim, cfg.num_classes, cfg.seed),
            batch_size=cfg.batch_size, shuffle=True, drop_last=True)
        self.scaler = torch.amp.GradScaler(self.device.type, enabled=cfg.precision == "16-mixed")

    def autocast(self):
        if self.cfg.precision == "32":
            return contextlib.nullcontext()
        dtype = torch.bfloat16 if self.cfg.precision == "bf16-mixed" else torch.float16
        return torch.autocast(self.device.type, dtype=dtype)

    def training_step(self, x, y):
        with self.autocast():
            z, logits = self.model(x)
            ce = F.cross_entropy(logits, y)
            mcr = rate_reduction(z, y, self.cfg.num_classes, self.cfg.eps)
            loss = ce - self.cfg.mcr_weight * mcr
        return loss, ce.detach(), mcr.detach()

    def fit(self):
        for epoch in range(self.cfg.epochs):
            self.model.train()
            tot = n = 0
            for x, y in self.loader:
                x, y = x.to(self.device), y.to(self.device)
                loss, ce, mcr = self.training_step(x, y)
                self.opt.zero_grad(set_to_none=True)
                self.scaler.scale(loss).backward()
                self.scaler.step(self.opt)
                self.scaler.update()
                tot += loss.item()
                n += 1
            print(f"epoch {epoch}: loss={tot / n:.4f} ce={ce.item():.4f} delta_R={mcr.item():.4f}")
