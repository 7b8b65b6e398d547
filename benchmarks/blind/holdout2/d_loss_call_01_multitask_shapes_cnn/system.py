"""A small Lightning-style module: the network plus its own training/validation steps."""
import torch
from torch import nn
from torch.nn import functional as F


class Backbone(nn.Module):
    def __init__(self, widths=(16, 32, 64)):
        super().__init__()
        layers, c = [], 1
        for w in widths:
            layers += [nn.Conv2d(c, w, 3, padding=1), nn.BatchNorm2d(w), nn.ReLU(inplace=True), nn.MaxPool2d(2)]
            c = w
        self.net = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.out_dim = c

    def forward(self, x):
        return self.net(x)


class ShapeSystem(nn.Module):
    def __init__(self, num_kinds, loc_weight=5.0, lr=2e-3):
        super().__init__()
        self.backbone = Backbone()
        self.kind_head = nn.Linear(self.backbone.out_dim, num_kinds)
        self.loc_head = nn.Sequential(nn.Linear(self.backbone.out_dim, 2), nn.Sigmoid())
        self.loc_weight = loc_weight
        self.lr = lr

    def forward(self, x):
        h = self.backbone(x)
        return self.kind_head(h), self.loc_head(h)

    def compute_losses(self, batch):
        images, target = batch
        kind_logits, centre = self(images)
        cls_loss = F.cross_entropy(kind_logits, target["kind"])
        loc_loss = F.smooth_l1_loss(centre, target["centre"])
        return cls_loss, loc_loss, kind_logits

    def training_step(self, batch):
        cls_loss, loc_loss, _ = self.compute_losses(batch)
        return {"loss": cls_loss + self.loc_weight * loc_loss, "cls": cls_loss.item(), "loc": loc_loss.item()}

    @torch.no_grad()
    def validation_step(self, batch):
        cls_loss, loc_loss, logits = self.compute_losses(batch)
        acc = (logits.argmax(1) == batch[1]["kind"].view(-1)).float().mean().item()
        return {"cls": cls_loss.item(), "loc": loc_loss.item(), "acc": acc}

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.lr)
