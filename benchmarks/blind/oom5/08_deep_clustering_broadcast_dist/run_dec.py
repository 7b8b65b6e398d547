import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from dec.clustering import SoftKMeans
from dec.encoder import MLPEncoder


def gaussian_blobs(n, dim, centers, seed):
    g = torch.Generator().manual_seed(seed)
    means = torch.randn(centers, dim, generator=g) * 3
    labels = torch.randint(0, centers, (n,), generator=g)
    return means[labels] + torch.randn(n, dim, generator=g), labels


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--clusters", type=int, default=512)
    p.add_argument("--latent-dim", type=int, default=256)
    p.add_argument("--batch-size", type=int, default=1024)
    p.add_argument("--epochs", type=int, default=2)
    args = p.parse_args()

    torch.manual_seed(0)
    x, _ = gaussian_blobs(4096, 64, 40, seed=0)
    loader = DataLoader(TensorDataset(x), batch_size=args.batch_size, shuffle=True)
    enc = MLPEncoder(64, args.latent_dim)
    head = SoftKMeans(args.clusters, args.latent_dim)
    opt = torch.optim.Adam(list(enc.parameters()) + list(head.parameters()), lr=1e-3)
    for epoch in range(args.epochs):
        tot = 0.0
        for (xb,) in loader:
            z, recon = enc(xb)
            _, cluster_loss = head(z)
            loss = F.mse_loss(recon, xb) + 0.01 * cluster_loss
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += loss.item()
        print(f"epoch {epoch}: loss {tot / len(loader):.4f}")


if __name__ == "__main__":
    main()
