import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from forecast.models import build_model, load_pretrained


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = build_model(cfg["model"])
        self.optimizer = torch.optim.Adam(self.model.parameters(), **cfg["optim"])
        if cfg.get("init_from"):
            self.model = load_pretrained(cfg["model"], cfg["init_from"])
            print(f"[warm-start] loaded {cfg['init_from']}")
        self.clip = cfg["trainer"]["clip"]

    def train_epoch(self, loader):
        self.model.train()
        tot, n = 0.0, 0
        for x, y in loader:
            loss = F.mse_loss(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.clip)
            self.optimizer.step()
            tot += loss.item() * len(x); n += len(x)
        return tot / n

    def fit(self, dataset):
        loader = DataLoader(dataset, batch_size=self.cfg["trainer"]["batch_size"], shuffle=True)
        for epoch in range(self.cfg["trainer"]["epochs"]):
            print(f"epoch {epoch} | train mse {self.train_epoch(loader):.5f}")
