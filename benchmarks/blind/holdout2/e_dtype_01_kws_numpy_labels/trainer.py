import time

import torch


class Trainer:
    def __init__(self, model, optimizer, loss_fn, log_every=4):
        self.model = model
        self.optimizer = optimizer
        self.loss_fn = loss_fn
        self.log_every = log_every
        self.history = []

    def training_step(self, batch):
        x, y = batch
        logits = self.model(x)
        return self.loss_fn(logits, y)

    @torch.no_grad()
    def validation_step(self, batch):
        x, y = batch
        return (self.model(x).argmax(1) == y).float().sum().item(), len(y)

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            t0 = time.time()
            self.model.train()
            for step, batch in enumerate(train_loader):
                loss = self.training_step(batch)
                self.optimizer.zero_grad(set_to_none=True)
                loss.backward()
                self.optimizer.step()
                if step % self.log_every == 0:
                    print(f"epoch {epoch} step {step} loss {loss.item():.4f}")
            self.model.eval()
            hits = n = 0
            for batch in val_loader:
                h, m = self.validation_step(batch)
                hits += h
                n += m
            self.history.append(hits / n)
            print(f"epoch {epoch} val_acc {hits / n:.3f} ({time.time() - t0:.1f}s)")
