import argparse
import time

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from bit.data import plankton_patches
from bit.resnetv2 import ResNetV2Tiny


def run(args):
    torch.manual_seed(0)
    loader = DataLoader(plankton_patches(), batch_size=args.batch, shuffle=True, drop_last=True)
    model = ResNetV2Tiny(num_classes=4)
    optim = torch.optim.SGD(model.parameters(), lr=args.base_lr, momentum=0.9)
    t0 = time.time()
    for epoch in range(args.epochs):
        model.train()
        losses, correct, seen = [], 0, 0
        for x, y in loader:
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            optim.zero_grad()
            loss.backward()
            optim.step()
            losses.append(loss.item())
            correct += (logits.argmax(1) == y).sum().item(); seen += len(y)
        print(f"[{time.time() - t0:5.1f}s] epoch {epoch}: train loss {sum(losses) / len(losses):.4f}, "
              f"top1 {correct / seen:.3f}")


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--base_lr", type=float, default=0.03)
    run(p.parse_args())
