import torch

from src.losses import Losses
from src.networks import WatermarkNet


class Trainer:
    def __init__(self, args):
        self.args = args
        self.model = WatermarkNet(args.width)
        self.loss = Losses()
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=args.lr, betas=(0.5, 0.999))
        self.amp_dtype = torch.bfloat16 if args.amp == "bf16" else None

    def train_step(self, img, target, mask):
        self.model.train()
        with torch.autocast("cpu", dtype=self.amp_dtype or torch.float32, enabled=self.amp_dtype is not None):
            pred_img, pred_mask = self.model(img)
        loss = self.loss(pred_img, pred_mask, target, mask)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()
