from pathlib import Path

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset, random_split

from .data import make_table
from .encoder import TabularEncoder


class Classifier(nn.Module):
    def __init__(self, encoder, d_model, n_classes):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Sequential(nn.LayerNorm(d_model), nn.Linear(d_model, n_classes))

    def forward(self, x):
        return self.head(self.encoder(x)[:, 0])


def run(cfg, workdir: Path, encoder_ckpt: Path):
    fcfg = cfg["finetune"]
    x, y = make_table(cfg["n_rows"], cfg["n_features"])
    labeled = TensorDataset(x[:fcfg["n_labeled"]], y[:fcfg["n_labeled"]])
    train, val = random_split(labeled, [0.75, 0.25], generator=torch.Generator().manual_seed(0))

    encoder = TabularEncoder(cfg["n_features"], **cfg["encoder"])
    encoder.load_state_dict(torch.load(encoder_ckpt, map_location="cpu"))
    model = Classifier(encoder, cfg["encoder"]["d_model"], fcfg["n_classes"])
    opt = torch.optim.AdamW([
        {"params": model.encoder.parameters(), "lr": fcfg["lr"] * 0.1},
        {"params": model.head.parameters(), "lr": fcfg["lr"]},
    ])
    ce = nn.CrossEntropyLoss()
    train_dl = DataLoader(train, batch_size=fcfg["batch_size"], shuffle=True)
    val_dl = DataLoader(val, batch_size=128)
    for epoch in range(fcfg["epochs"]):
        model.train()
        for xb, yb in train_dl:
            loss = ce(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            acc = sum((model(xb).argmax(1) == yb).sum().item() for xb, yb in val_dl) / len(val)
        print(f"[finetune] epoch {epoch + 1}: loss {loss.item():.3f} val acc {acc:.3f}")
    torch.save(model.state_dict(), workdir / "classifier.pt")
