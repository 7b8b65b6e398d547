import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer, callbacks=None, grad_clip=1.0):
        self.model = model
        self.optimizer = optimizer
        self.callbacks = callbacks or []
        self.grad_clip = grad_clip

    def _call(self, name, *args):
        for cb in self.callbacks:
            getattr(cb, name)(self, *args)

    def training_step(self, batch):
        x, y = batch
        loss = F.cross_entropy(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.grad_clip)
        self.optimizer.step()
        return loss.item()

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        correct = total = 0
        for x, y in loader:
            correct += (self.model(x).argmax(-1) == y).sum().item()
            total += len(y)
        return correct / total

    def fit(self, train_loader, val_loader, epochs):
        self._call("on_fit_start")
        for epoch in range(epochs):
            self.model.train()
            losses = [self.training_step(b) for b in train_loader]
            logs = {"epoch": epoch, "train_loss": sum(losses) / len(losses),
                    "val_acc": self.evaluate(val_loader)}
            self._call("on_epoch_end", logs)
        self._call("on_fit_end")
