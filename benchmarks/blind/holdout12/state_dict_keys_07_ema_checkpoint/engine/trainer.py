import torch
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn

from .checkpoint import save_checkpoint


class Trainer:
    def __init__(self, model, optimizer, loss_fn, ckpt_path, ema_decay=0.99):
        self.model = model
        self.optimizer = optimizer
        self.loss_fn = loss_fn
        self.ckpt_path = ckpt_path
        self.ema = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(ema_decay))
        self.best_acc = -1.0

    def train_epoch(self, loader):
        self.model.train()
        total = 0.0
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = self.loss_fn(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            self.ema.update_parameters(self.model)
            total += loss.item() * len(y)
        return total / len(loader.dataset)

    @torch.no_grad()
    def evaluate(self, loader, net=None):
        net = net or self.ema
        net.eval()
        correct = sum((net(x).argmax(1) == y).sum().item() for x, y in loader)
        return correct / len(loader.dataset)

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            loss = self.train_epoch(train_loader)
            acc = self.evaluate(val_loader)
            print(f"epoch {epoch}: train_loss={loss:.4f} ema_val_acc={acc:.3f}")
            if acc > self.best_acc:
                self.best_acc = acc
                save_checkpoint(self.ckpt_path, epoch, self.model, self.ema, self.optimizer, {"val_acc": acc})
