"""A tiny LightningModule-style wrapper, hand-rolled."""
import torch
from torch import nn

from .net import TagNet


class TaggingModule(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.net = TagNet(cfg["model"]["channels"], len(cfg["data"]["tags"]))
        self.criterion = nn.BCEWithLogitsLoss()

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch, batch_idx):
        logits = self(batch["image"])
        loss = self.criterion(logits, batch["target"])
        return {"loss": loss}

    @torch.no_grad()
    def validation_step(self, batch, batch_idx):
        probs = torch.sigmoid(self(batch["image"]))
        pred = probs > self.cfg["trainer"]["threshold"]
        return (pred == batch["target"].bool()).float().mean().item()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), **self.cfg["optim"])


class MiniTrainer:
    def __init__(self, max_epochs):
        self.max_epochs = max_epochs

    def fit(self, module, train_dl, val_dl):
        opt = module.configure_optimizers()
        for epoch in range(self.max_epochs):
            module.train()
            for i, batch in enumerate(train_dl):
                out = module.training_step(batch, i)
                opt.zero_grad()
                out["loss"].backward()
                opt.step()
            module.eval()
            accs = [module.validation_step(b, i) for i, b in enumerate(val_dl)]
            print(f"epoch {epoch}: last loss {out['loss'].item():.4f}  val label-acc {sum(accs) / len(accs):.3f}")
