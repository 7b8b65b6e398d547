import time

import torch


class Trainer:
    def __init__(self, model, optimizer, criterion, train_loader, val_loader, log_interval=5):
        self.model = model
        self.optimizer = optimizer
        self.criterion = criterion
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.log_interval = log_interval

    def train_one_epoch(self, epoch):
        self.model.train()
        start = time.time()
        for it, (images, targets) in enumerate(self.train_loader):
            outputs = self.model(images)
            loss = self.criterion(outputs, targets)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            if it % self.log_interval == 0:
                print(f"epoch {epoch} it {it:3d} loss {loss.item():.4f} ({time.time() - start:.1f}s)")

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        correct = count = 0
        for images, targets in self.val_loader:
            correct += (self.model(images).argmax(1) == targets).sum().item()
            count += targets.numel()
        return correct / count

    def fit(self, epochs, ckpt_path=None):
        for epoch in range(epochs):
            self.train_one_epoch(epoch)
            acc = self.validate()
            print(f"epoch {epoch} val_acc {acc:.3f}")
            if ckpt_path:
                torch.save({"epoch": epoch, "model": self.model.state_dict()}, ckpt_path)
