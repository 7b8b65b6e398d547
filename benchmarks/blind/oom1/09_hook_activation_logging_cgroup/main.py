"""Train a small CNN and report dead-ReLU fractions per layer at the end of each epoch."""
import argparse

import torch
import torch.nn.functional as F

from lib.data import texture_batches
from lib.monitor import ActivationMonitor
from lib.net import build_net


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=24)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--epochs", type=int, default=1)
    args = ap.parse_args()
    torch.manual_seed(0)

    net = build_net()
    monitor = ActivationMonitor(net)
    opt = torch.optim.SGD(net.parameters(), lr=0.02, momentum=0.9)
    for epoch in range(args.epochs):
        for step, (x, y) in enumerate(texture_batches(args.steps, args.batch_size)):
            loss = F.cross_entropy(net(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step % 6 == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.3f}")
        for name, frac in monitor.dead_fractions().items():
            print(f"  {name}: {100 * frac:.1f}% dead")
        monitor.reset()


if __name__ == "__main__":
    main()
