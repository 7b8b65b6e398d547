import torch
import torch.nn as nn
import torch.nn.functional as F


class WineClassifier(nn.Module):
    """Hand-rolled 'LightningModule' style: the module owns its steps and optimizer."""

    def __init__(self, n_features, n_classes, hidden=64, lr=1e-3):
        super().__init__()
        self.lr = lr
        self.net = nn.Sequential(
            nn.Linear(n_features, hidden), nn.BatchNorm1d(hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, n_classes),
        )

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.cross_entropy(self(x), y)

    def validation_step(self, batch, batch_idx):
        x, y = batch
        logits = self(x)
        return {"val_loss": F.cross_entropy(logits, y).item(),
                "correct": (logits.argmax(-1) == y.view(-1)).sum().item(), "n": len(x)}

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.lr)


class MiniTrainer:
    def __init__(self, max_epochs=2, log_every=10):
        self.max_epochs = max_epochs
        self.log_every = log_every

    def fit(self, module, train_loader, val_loader):
        opt = module.configure_optimizers()
        for epoch in range(self.max_epochs):
            module.train()
            for i, batch in enumerate(train_loader):
                loss = module.training_step(batch, i)
                opt.zero_grad()
                loss.backward()
                opt.step()
                if i % self.log_every == 0:
                    print(f"epoch {epoch} it {i} loss {loss.item():.4f}")
            module.eval()
            with torch.no_grad():
                outs = [module.validation_step(b, i) for i, b in enumerate(val_loader)]
            acc = sum(o["correct"] for o in outs) / sum(o["n"] for o in outs)
            print(f"epoch {epoch} val_acc {acc:.3f}")
