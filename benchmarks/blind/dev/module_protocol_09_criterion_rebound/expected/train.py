import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from model import DenoisingAE


class NoisyPatterns(Dataset):
    """Clean 24x24 stripe/checker patterns and their gaussian-noised versions."""

    def __init__(self, n=256, size=24, sigma=0.25, seed=0):
        g = torch.Generator().manual_seed(seed)
        yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        freqs = torch.randint(1, 5, (n, 2), generator=g).float()
        self.clean = (0.5 + 0.5 * torch.sin(freqs[:, 0, None, None] * yy / 3) * torch.cos(freqs[:, 1, None, None] * xx / 3)).unsqueeze(1)
        self.noisy = (self.clean + sigma * torch.randn(self.clean.shape, generator=g)).clamp(0, 1)

    def __len__(self):
        return len(self.clean)

    def __getitem__(self, i):
        return self.noisy[i], self.clean[i]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--lr", type=float, default=2e-3)
    args = ap.parse_args()

    torch.manual_seed(0)
    loader = DataLoader(NoisyPatterns(), batch_size=args.batch_size, shuffle=True)
    model = DenoisingAE()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = nn.MSELoss()

    for epoch in range(args.epochs):
        running = 0.0
        for i, (noisy, clean) in enumerate(loader):
            optimizer.zero_grad()
            recon = model(noisy)
            loss = criterion(recon, clean)
            loss.backward()
            optimizer.step()
            running += loss.item()
            if (i + 1) % 4 == 0:
                print(f"[{epoch + 1}, {i + 1:3d}] loss: {running / 4:.5f}")
                running = 0.0
    torch.save(model.state_dict(), "denoiser.pth")
    print("Finished Training")


if __name__ == "__main__":
    main()
