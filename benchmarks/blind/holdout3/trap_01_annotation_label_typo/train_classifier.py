import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from streetscene.annotations import FEATURES, TrackDataset, read_annotations
from streetscene.taxonomy import CLASSES

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    x, y = read_annotations(os.path.join(HERE, "data", "annotations.csv"))
    torch.manual_seed(0)
    perm = torch.randperm(len(y))
    tr, va = perm[:192], perm[192:]
    mean, std = x[tr].mean(0), x[tr].std(0)
    train_dl = DataLoader(TrackDataset(x[tr], y[tr], mean, std), batch_size=32, shuffle=True)
    val_dl = DataLoader(TrackDataset(x[va], y[va], mean, std), batch_size=64)

    model = nn.Sequential(nn.Linear(len(FEATURES), 64), nn.ReLU(), nn.Linear(64, len(CLASSES)))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(2):
        model.train()
        for xb, yb in train_dl:
            opt.zero_grad()
            loss = nn.functional.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            acc = sum((model(xb).argmax(1) == yb).sum().item() for xb, yb in val_dl) / len(va)
        print(f"epoch {epoch}: loss {loss.item():.3f} val acc {acc:.3f}")
    torch.save(model.state_dict(), os.path.join(HERE, "track_classifier.pt"))


if __name__ == "__main__":
    main()
