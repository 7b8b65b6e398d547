import torch


class Trainer:
    def __init__(self, max_epochs=3, grad_clip=1.0, log_every=0):
        self.max_epochs = max_epochs
        self.grad_clip = grad_clip
        self.log_every = log_every
        self.history = []

    def fit(self, module, train_loader, val_loader):
        self.optimizer = module.configure_optimizers()
        module.train()
        for epoch in range(self.max_epochs):
            train_loss = self._run_epoch(module, train_loader)
            val_loss = self.validate(module, val_loader)
            self.history.append((train_loss, val_loss))
            print(f"Epoch {epoch}: train_loss={train_loss:.4f} val_loss={val_loss:.4f}")
        return self.history

    def _run_epoch(self, module, loader):
        total, n = 0.0, 0
        for batch in loader:
            loss = module.shared_step(batch)
            if module.training:
                self.optimizer.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(module.parameters(), self.grad_clip)
                self.optimizer.step()
            total += loss.item()
            n += 1
        return total / n

    @torch.no_grad()
    def validate(self, module, loader):
        module.eval()
        return self._run_epoch(module, loader)
