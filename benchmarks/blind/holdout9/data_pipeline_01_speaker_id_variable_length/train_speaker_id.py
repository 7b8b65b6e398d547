import json
from pathlib import Path

import torch
import torch.nn as nn

from spkid.data import UtteranceFeatures, build_loaders
from spkid.xvector import StatsPoolingXVector

HERE = Path(__file__).resolve().parent
CONFIG = {"batch_size": 32, "epochs": 2, "lr": 2e-3, "feat_dim": 30, "n_speakers": 12}


def main():
    cfg = dict(CONFIG)
    override = HERE / "overrides.json"
    if override.exists():
        cfg.update(json.loads(override.read_text()))
    torch.manual_seed(0)
    ds = UtteranceFeatures(n_speakers=cfg["n_speakers"], feat_dim=cfg["feat_dim"])
    train_loader, val_loader = build_loaders(ds, cfg["batch_size"])

    model = StatsPoolingXVector(cfg["feat_dim"], cfg["n_speakers"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    ce = nn.CrossEntropyLoss()

    for epoch in range(cfg["epochs"]):
        model.train()
        for feats, lengths, spk in train_loader:
            loss = ce(model(feats, lengths), spk)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        correct = total = 0
        with torch.no_grad():
            for feats, lengths, spk in val_loader:
                correct += (model(feats, lengths).argmax(1) == spk).sum().item()
                total += len(spk)
        print(f"epoch {epoch + 1}: loss {loss.item():.3f} val acc {correct / total:.3f}")


if __name__ == "__main__":
    main()
