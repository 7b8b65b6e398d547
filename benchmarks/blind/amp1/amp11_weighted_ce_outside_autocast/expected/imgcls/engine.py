import torch
import torch.nn as nn
from torch.utils.data import DataLoader


class Engine:
    def __init__(self, model, cfg, class_weights=None):
        self.cfg = cfg
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.model = model.to(self.device)
        self.criterion = nn.CrossEntropyLoss(
            weight=None if class_weights is None else class_weights.to(self.device),
            label_smoothing=cfg.train.label_smoothing,
        )
        self.optimizer = torch.optim.SGD(model.parameters(), lr=cfg.optim.lr * 10, momentum=0.9,
                                         weight_decay=cfg.optim.weight_decay, nesterov=True)
        self.amp_dtype = torch.float16 if self.device.type == "cuda" else torch.bfloat16
        self.scaler = torch.amp.GradScaler(self.device.type, enabled=cfg.train.amp and self.amp_dtype == torch.float16)

    def autocast(self):
        return torch.autocast(self.device.type, dtype=self.amp_dtype, enabled=self.cfg.train.amp)

    def train_one_epoch(self, loader):
        self.model.train()
        total, n = 0.0, 0
        for images, targets in loader:
            images, targets = images.to(self.device), targets.to(self.device)
            with self.autocast():
                logits = self.model(images)
            loss = self.criterion(logits.float(), targets)
            self.optimizer.zero_grad(set_to_none=True)
            self.scaler.scale(loss).backward()
            self.scaler.step(self.optimizer)
            self.scaler.update()
            total += loss.item() * targets.size(0)
            n += targets.size(0)
        return total / n

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        per_class_correct = torch.zeros(self.cfg.data.num_classes)
        per_class_total = torch.zeros(self.cfg.data.num_classes)
        for images, targets in loader:
            with self.autocast():
                pred = self.model(images.to(self.device)).argmax(-1).cpu()
            per_class_total += torch.bincount(targets, minlength=len(per_class_total)).float()
            per_class_correct += torch.bincount(targets[pred == targets], minlength=len(per_class_total)).float()
        return (per_class_correct / per_class_total.clamp(min=1)).mean().item()

    def fit(self, train_ds, val_ds):
        train_dl = DataLoader(train_ds, batch_size=self.cfg.train.batch_size, shuffle=True)
        val_dl = DataLoader(val_ds, batch_size=64)
        for epoch in range(self.cfg.train.epochs):
            loss = self.train_one_epoch(train_dl)
            print(f"epoch {epoch}: train loss={loss:.4f} balanced val acc={self.evaluate(val_dl):.3f}")
