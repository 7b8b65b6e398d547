import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from adapt.model import AdaptedClassifier, Backbone


def make_domain(n, seed, shift=0.0):
    g = torch.Generator().manual_seed(seed)
    w = torch.randn(20, 5, generator=torch.Generator().manual_seed(1234))
    x = torch.randn(n, 20, generator=g) + shift
    y = (x @ w + 0.5 * torch.randn(n, 5, generator=g)).argmax(1)
    return TensorDataset(x, y)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--bs", type=int, default=32)
    args = ap.parse_args()
    torch.manual_seed(0)

    backbone = Backbone()
    model = AdaptedClassifier(backbone)
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.Adam(params, lr=args.lr)

    train_loader = DataLoader(make_domain(512, 1, shift=0.5), batch_size=args.bs, shuffle=True)
    val_loader = DataLoader(make_domain(128, 2, shift=0.5), batch_size=args.bs)

    for epoch in range(args.epochs):
        model.train()
        tot = 0.0
        for x, y in train_loader:
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            tot += loss.item()
        model.eval()
        with torch.no_grad():
            acc = sum((model(x).argmax(1) == y).sum().item() for x, y in val_loader) / 128
        print(f"epoch {epoch} loss {tot / len(train_loader):.4f} val_acc {acc:.3f}")
    torch.save({"adapter": model.adapter.state_dict(), "head": model.head.state_dict()}, "adapter_head.pt")


if __name__ == "__main__":
    main()
