import os

import torch

from .losses import get_loss, iou_score


class SegmentationTrainer:
    def __init__(self, model, cfg, train_loader, val_loader, out_dir):
        self.model = model
        self.cfg = cfg
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.out_dir = out_dir
        self.criterion = get_loss(cfg.loss)
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
        self.scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(self.optimizer, mode="max", patience=2)

    def _train_epoch(self):
        self.model.train()
        total = 0.0
        for img, mask in self.train_loader:
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(img), mask)
            loss.backward()
            self.optimizer.step()
            total += loss.item() * img.size(0)
        return total / len(self.train_loader.dataset)

    @torch.no_grad()
    def _validate(self):
        self.model.eval()
        scores = [iou_score(self.model(img), mask, self.cfg.threshold) for img, mask in self.val_loader]
        return sum(scores) / len(scores)

    def fit(self):
        os.makedirs(self.out_dir, exist_ok=True)
        best = 0.0
        for epoch in range(self.cfg.epochs):
            loss = self._train_epoch()
            iou = self._validate()
            self.scheduler.step(iou)
            print(f"epoch {epoch + 1}/{self.cfg.epochs}  {self.cfg.loss}_loss={loss:.4f}  val_mIoU={iou:.3f}")
            if iou >= best:
                best = iou
                torch.save(self.model.state_dict(), os.path.join(self.out_dir, "unet_best.pt"))
        return best
