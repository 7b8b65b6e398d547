import argparse
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from qat import quantize_model


class KeywordNet(nn.Module):
    """Small MLP-mixer over MFCC frames for keyword spotting."""

    def __init__(self, n_mfcc=40, frames=49, dim=96, n_classes=12):
        super().__init__()
        self.embed = nn.Linear(n_mfcc, dim)
        self.token_mix = nn.Sequential(nn.LayerNorm(frames), nn.Linear(frames, frames), nn.GELU())
        self.channel_mix = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        h = self.embed(x)
        h = h + self.token_mix(h.transpose(1, 2)).transpose(1, 2)
        h = h + self.channel_mix(h)
        return self.head(h.mean(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--bits", type=int, default=8)
    ap.add_argument("--bf16", action="store_true")
    ap.add_argument("--n", type=int, default=512)
    args = ap.parse_args()

    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    protos = torch.randn(12, 49, 40, generator=g)
    y = torch.randint(0, 12, (args.n,), generator=g)
    x = protos[y] + 0.8 * torch.randn(args.n, 49, 40, generator=g)

    model = quantize_model(KeywordNet(), bits=args.bits)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(args.epochs):
        t0 = time.time()
        perm = torch.randperm(args.n, generator=g)
        correct = 0
        for i in range(0, args.n, 64):
            idx = perm[i:i + 64]
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
                logits = model(x[idx])
                loss = F.cross_entropy(logits, y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            correct += (logits.argmax(1) == y[idx]).sum().item()
        print(f"epoch {epoch} loss {loss.item():.3f} acc {correct / args.n:.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
