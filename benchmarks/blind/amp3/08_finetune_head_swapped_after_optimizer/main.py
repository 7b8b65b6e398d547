import argparse
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

from nets.effnet import TinyEffNet


def make_pretrained(path):
    torch.manual_seed(123)
    model = TinyEffNet(num_classes=1000)
    torch.save({"model": model.state_dict()}, path)


def synthetic_split(n, num_classes, g):
    y = torch.randint(0, num_classes, (n,), generator=g)
    base = torch.randn(num_classes, 3, 1, 1, generator=g)
    x = base[y] + 0.7 * torch.randn(n, 3, 64, 64, generator=g)
    return x, y


def train(args):
    g = torch.Generator().manual_seed(0)
    if not os.path.exists(args.pretrained):
        make_pretrained(args.pretrained)

    model = TinyEffNet(num_classes=1000)
    model.load_state_dict(torch.load(args.pretrained, map_location="cpu")["model"])
    for p in model.features.parameters():
        p.requires_grad = False

    optimizer = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=args.lr, momentum=0.9)
    amp_scale = torch.amp.GradScaler("cpu")

    model.fc = nn.Linear(model.fc.in_features, args.num_classes)

    x, y = synthetic_split(args.n, args.num_classes, g)
    for epoch in range(args.epochs):
        model.train()
        model.features.eval()
        perm = torch.randperm(args.n, generator=g)
        for i in range(0, args.n, args.batch_size):
            idx = perm[i:i + args.batch_size]
            with torch.autocast("cpu", dtype=torch.float16):
                loss = F.cross_entropy(model(x[idx]), y[idx])
            optimizer.zero_grad()
            amp_scale.scale(loss).backward()
            amp_scale.step(optimizer)
            amp_scale.update()
        print(f"epoch {epoch}: loss {loss.item():.4f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pretrained", default="weights/imagenet_tiny.pt")
    parser.add_argument("--num_classes", type=int, default=10)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--batch_size", type=int, default=32)
    parser.add_argument("--n", type=int, default=128)
    parser.add_argument("--lr", type=float, default=0.01)
    args = parser.parse_args()
    os.makedirs(os.path.dirname(args.pretrained), exist_ok=True)
    train(args)


if __name__ == "__main__":
    main()
