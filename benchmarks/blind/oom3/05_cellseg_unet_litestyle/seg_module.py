import torch
import torch.nn as nn
import torch.nn.functional as F

from engine import LitModule

hparams = dict(
    in_ch=3,
    base=16,
    lr=3e-3,
    weight_decay=1e-4,
    batch_size=64,
    max_epochs=2,
)


def double_conv(i, o):
    return nn.Sequential(nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(inplace=True),
                         nn.Conv2d(o, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(inplace=True))


class UNet(nn.Module):
    def __init__(self, in_ch, base):
        super().__init__()
        self.e1, self.e2, self.e3 = double_conv(in_ch, base), double_conv(base, 2 * base), double_conv(2 * base, 4 * base)
        self.up2 = nn.ConvTranspose2d(4 * base, 2 * base, 2, stride=2)
        self.d2 = double_conv(4 * base, 2 * base)
        self.up1 = nn.ConvTranspose2d(2 * base, base, 2, stride=2)
        self.d1 = double_conv(2 * base, base)
        self.out = nn.Conv2d(base, 1, 1)

    def forward(self, x):
        x1 = self.e1(x)
        x2 = self.e2(F.max_pool2d(x1, 2))
        x3 = self.e3(F.max_pool2d(x2, 2))
        y = self.d2(torch.cat([self.up2(x3), x2], 1))
        y = self.d1(torch.cat([self.up1(y), x1], 1))
        return self.out(y)


class CellSegModule(LitModule):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        self.net = UNet(hp["in_ch"], hp["base"])

    def forward(self, x):
        return self.net(x)

    @staticmethod
    def dice_loss(logits, mask, eps=1.0):
        p = torch.sigmoid(logits)
        inter = (p * mask).sum((1, 2, 3))
        return 1 - ((2 * inter + eps) / (p.sum((1, 2, 3)) + mask.sum((1, 2, 3)) + eps)).mean()

    def training_step(self, batch, batch_idx):
        img, mask = batch
        logits = self(img)
        return F.binary_cross_entropy_with_logits(logits, mask) + self.dice_loss(logits, mask)

    def validation_step(self, batch, batch_idx):
        img, mask = batch
        pred = (self(img) > 0).float()
        inter = (pred * mask).sum().item()
        union = ((pred + mask) > 0).float().sum().item()
        return inter, union

    def on_validation_epoch_end(self, outputs):
        inter = sum(o[0] for o in outputs)
        union = sum(o[1] for o in outputs)
        print(f"val IoU {inter / max(union, 1):.3f}")

    def configure_optimizers(self, steps_per_epoch):
        opt = torch.optim.AdamW(self.parameters(), lr=self.hp["lr"], weight_decay=self.hp["weight_decay"])
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=self.hp["lr"],
                                                    total_steps=self.hp["max_epochs"] * steps_per_epoch)
        return {"optimizer": opt, "lr_scheduler": {"scheduler": sched, "interval": "step"}}
