import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from intent.freeze import freeze_by_prefix


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        freeze_by_prefix(model, cfg.get("freeze"))
        total = sum(p.numel() for p in model.parameters())
        trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
        print(f"trainable params: {trainable} / {total}")
        self.opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=cfg["lr"])

    def fit(self, dataset):
        loader = DataLoader(dataset, batch_size=self.cfg["batch_size"], shuffle=True)
        for epoch in range(self.cfg["epochs"]):
            self.model.train()
            tot, hit, n = 0.0, 0, 0
            for ids, y in loader:
                logits = self.model(ids)
                loss = F.cross_entropy(logits, y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                tot += loss.item() * len(y); hit += (logits.argmax(1) == y).sum().item(); n += len(y)
            print(f"[epoch {epoch + 1}] loss={tot / n:.4f} acc={hit / n:.3f}")
