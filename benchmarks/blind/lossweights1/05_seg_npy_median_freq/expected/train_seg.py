import argparse

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from segkit.net import TinySegNet
from segkit.scenes import CLASSES, StreetScenes


def load_class_weights(path):
    return torch.from_numpy(np.load(path)).float()


def mean_iou(pred, target, n_classes):
    ious = []
    for c in range(n_classes):
        inter = ((pred == c) & (target == c)).sum().item()
        union = ((pred == c) | (target == c)).sum().item()
        if union:
            ious.append(inter / union)
    return sum(ious) / len(ious)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--n_train", type=int, default=96)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--class_weights", default="data/class_weights.npy")
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--bs", type=int, default=8)
    a = p.parse_args()

    torch.manual_seed(a.seed)
    train_set = StreetScenes(a.n_train, a.seed)
    val_set = StreetScenes(24, a.seed + 100)
    train_loader = DataLoader(train_set, batch_size=a.bs, shuffle=True, drop_last=True)
    val_loader = DataLoader(val_set, batch_size=a.bs)

    model = TinySegNet(len(CLASSES))
    criterion = nn.CrossEntropyLoss(weight=load_class_weights(a.class_weights))
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)

    for epoch in range(a.epochs):
        model.train()
        running = 0.0
        for img, mask in train_loader:
            out = model(img)
            loss = criterion(out, mask)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            running += loss.item()
        model.eval()
        with torch.no_grad():
            miou = np.mean([mean_iou(model(i).argmax(1), m, len(CLASSES)) for i, m in val_loader])
        print(f"epoch {epoch}: loss {running / len(train_loader):.4f}  val mIoU {miou:.3f}")


if __name__ == "__main__":
    main()
