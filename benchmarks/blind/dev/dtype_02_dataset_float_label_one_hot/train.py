import torch
from torch import nn
from torch.utils.data import DataLoader, random_split

from config import TrainConfig
from dataset import SpeechCommandFeatures
from losses import smooth_one_hot, soft_cross_entropy


class KeywordClassifier(nn.Module):
    def __init__(self, n_features, hidden, num_classes):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_features, hidden),
            nn.BatchNorm1d(hidden),
            nn.GELU(),
            nn.Linear(hidden, hidden),
            nn.GELU(),
        )
        self.head = nn.Linear(hidden, num_classes)

    def forward(self, x):
        return self.head(self.body(x))


class Trainer:
    def __init__(self, cfg: TrainConfig):
        self.cfg = cfg
        torch.manual_seed(cfg.seed)
        ds = SpeechCommandFeatures(cfg.n_samples, cfg.n_features, cfg.num_classes, seed=cfg.seed)
        n_val = len(ds) // 5
        train_ds, val_ds = random_split(ds, [len(ds) - n_val, n_val])
        self.train_loader = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True, drop_last=True)
        self.val_loader = DataLoader(val_ds, batch_size=cfg.batch_size)
        self.model = KeywordClassifier(cfg.n_features, cfg.hidden, cfg.num_classes)
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg.lr, weight_decay=1e-4)

    def train_epoch(self):
        self.model.train()
        total = 0.0
        for x, y in self.train_loader:
            targets = smooth_one_hot(y, self.cfg.num_classes, self.cfg.label_smoothing)
            loss = soft_cross_entropy(self.model(x), targets)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.item()
        return total / len(self.train_loader)

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        hits = n = 0
        for x, y in self.val_loader:
            hits += (self.model(x).argmax(-1) == y).sum().item()
            n += len(y)
        return hits / n

    def fit(self):
        for epoch in range(self.cfg.epochs):
            loss = self.train_epoch()
            acc = self.validate()
            print(f"[epoch {epoch}] loss={loss:.4f} val_acc={acc:.3f}")
        torch.save(self.model.state_dict(), "keyword_clf.pt")


if __name__ == "__main__":
    Trainer(TrainConfig()).fit()
