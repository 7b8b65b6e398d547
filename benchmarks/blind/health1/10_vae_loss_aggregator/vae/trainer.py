from collections import defaultdict

import torch

from .losses import WeightedLoss, kl_divergence, reconstruction_loss


class VAETrainer:
    def __init__(self, model, lr, loss_weights):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss = WeightedLoss(loss_weights)

    def _terms(self, x):
        recon, mu, logvar = self.model(x)
        return {"recon": reconstruction_loss(recon, x), "kl": kl_divergence(mu, logvar)}

    def train_epoch(self, loader):
        self.model.train()
        agg = defaultdict(float)
        for (x,) in loader:
            total, logs = self.loss(self._terms(x))
            self.optimizer.zero_grad()
            total.backward()
            self.optimizer.step()
            agg["loss"] += total.item()
            for k, v in logs.items():
                agg[k] += v
        return {k: v / len(loader) for k, v in agg.items()}

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        rec = 0.0
        for (x,) in loader:
            rec += self._terms(x)["recon"].item()
        return rec / len(loader)
