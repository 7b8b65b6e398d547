import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from moco.augment import TwoViewVectors
from moco.builder import MoCo


def main():
    torch.manual_seed(0)
    data = TwoViewVectors(2048, 64, seed=0)
    loader = DataLoader(data, batch_size=256, shuffle=True, drop_last=True)
    encoder = nn.Sequential(nn.Linear(64, 256), nn.BatchNorm1d(256), nn.ReLU(), nn.Linear(256, 128))
    model = MoCo(encoder, dim=128, queue_size=131072)
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.03, momentum=0.9)
    for epoch in range(2):
        total = 0.0
        for view_q, view_k in loader:
            loss = model(view_q, view_k)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: contrastive loss {total / len(loader):.4f}")


if __name__ == "__main__":
    main()
