"""Stage 1: pre-train the encoder on the large 10-activity source dataset."""
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from datasets import make_windows
from modeling import ActivityClassifier

SOURCE_CLASSES = 10


def pretrain(path, epochs=1, seed=0):
    torch.manual_seed(seed)
    loader = DataLoader(make_windows(320, SOURCE_CLASSES, seed=seed), batch_size=32, shuffle=True)
    model = ActivityClassifier(SOURCE_CLASSES)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for x, y in loader:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    torch.save(model.state_dict(), path)
    print(f"pretrained on {SOURCE_CLASSES} classes, saved to {path} (last loss {loss.item():.3f})")


if __name__ == "__main__":
    pretrain("weights/pretrained_har.pt", epochs=3)
