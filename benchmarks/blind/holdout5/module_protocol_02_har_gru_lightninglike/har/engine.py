import os
import time

import torch
import torch.nn.functional as F


class LitClassifier:
    """Minimal LightningModule-like wrapper: steps + optimizer config."""

    def __init__(self, model, lr=1e-3, weight_decay=1e-4):
        self.model = model
        self.lr = lr
        self.weight_decay = weight_decay

    def training_step(self, batch):
        x, y = batch
        logits = self.model(x)
        return F.cross_entropy(logits, y)

    @torch.no_grad()
    def validation_step(self, batch):
        x, y = batch
        logits = self.model(x)
        return F.cross_entropy(logits, y, reduction="sum").item(), (logits.argmax(1) == y).sum().item()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.model.parameters(), lr=self.lr, weight_decay=self.weight_decay)


class Trainer:
    def __init__(self, max_epochs, log_every=10, ckpt_dir="lightning_logs"):
        self.max_epochs = max_epochs
        self.log_every = log_every
        self.ckpt_dir = ckpt_dir

    def fit(self, lit, train_loader, val_loader):
        opt = lit.configure_optimizers()
        for epoch in range(self.max_epochs):
            lit.model.train()
            t0 = time.time()
            for step, batch in enumerate(train_loader):
                loss = lit.training_step(batch)
                opt.zero_grad(set_to_none=True)
                loss.backward()
                opt.step()
                if step % self.log_every == 0:
                    print(f"Epoch {epoch}: step {step} train_loss={loss.item():.4f}")
            lit.model.eval()
            tot_loss = tot_correct = n = 0
            for batch in val_loader:
                l, c = lit.validation_step(batch)
                tot_loss += l
                tot_correct += c
                n += len(batch[1])
            print(f"Epoch {epoch}: val_loss={tot_loss / n:.4f} val_acc={tot_correct / n:.3f} ({time.time() - t0:.1f}s)")
        os.makedirs(self.ckpt_dir, exist_ok=True)
        torch.save(lit.model.state_dict(), os.path.join(self.ckpt_dir, f"epoch={self.max_epochs - 1}.ckpt"))
