import argparse

import torch
import torch.nn.functional as F

from mixer.init import init_weights
from mixer.model import MlpMixer


def synthetic_shapes(n, num_classes, img=32, seed=0):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, num_classes, (n,), generator=g)
    x = torch.randn(n, 3, img, img, generator=g) * 0.5
    for i in range(n):
        c = int(y[i])
        r, col = divmod(c, 4)
        x[i, c % 3, r * 8:(r + 1) * 8, col * 8:(col + 1) * 8] += 2.0
    return x, y


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=5)
    p.add_argument("--bs", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--wd", type=float, default=0.05)
    p.add_argument("--num-classes", type=int, default=10)
    args = p.parse_args()

    torch.manual_seed(0)
    x, y = synthetic_shapes(512, args.num_classes)
    model = MlpMixer(dim=48, depth=2, num_classes=args.num_classes)
    decay = [p for n, p in model.named_parameters() if p.ndim > 1]
    no_decay = [p for n, p in model.named_parameters() if p.ndim <= 1]
    optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": args.wd},
                                   {"params": no_decay, "weight_decay": 0.0}], lr=args.lr)
    model.apply(init_weights)
    print("params: %.2fK" % (sum(p.numel() for p in model.parameters()) / 1e3))

    for epoch in range(args.epochs):
        model.train()
        perm = torch.randperm(len(x))
        tot, correct = 0.0, 0
        for i in range(0, len(x), args.bs):
            idx = perm[i:i + args.bs]
            out = model(x[idx])
            loss = F.cross_entropy(out, y[idx])
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            tot += loss.item() * len(idx)
            correct += (out.argmax(1) == y[idx]).sum().item()
        print(f"epoch {epoch + 1}/{args.epochs}  loss: {tot / len(x):.4f}  acc: {correct / len(x):.3f}")


if __name__ == "__main__":
    main()
