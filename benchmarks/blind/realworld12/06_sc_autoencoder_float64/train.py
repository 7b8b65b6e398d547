import argparse

import numpy as np
import torch
from torch.utils.data import DataLoader

from scmodel import CondVAE, CountsDataset, normalize_total_log1p, simulate_counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n_epochs", type=int, default=15)
    parser.add_argument("--batch_size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--latent_dim", type=int, default=10)
    args = parser.parse_args()

    torch.manual_seed(0)
    counts, batch, cell_type = simulate_counts()
    size_factors = counts.sum(1) / np.median(counts.sum(1))
    X = normalize_total_log1p(counts)

    dataset = CountsDataset(X, batch, size_factors)
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True)
    model = CondVAE(n_genes=X.shape[1], n_batches=int(batch.max()) + 1, latent_dim=args.latent_dim)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.n_epochs):
        model.train()
        total = 0.0
        for x, b, sf in loader:
            optimizer.zero_grad()
            loss = model.loss(x, b)
            loss.backward()
            optimizer.step()
            total += loss.item() * x.size(0)
        print(f"epoch {epoch + 1:3d}  loss {total / len(dataset):.4f}")


if __name__ == "__main__":
    main()
