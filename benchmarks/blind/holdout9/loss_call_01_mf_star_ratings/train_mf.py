import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, random_split

from mf.ratings import simulate_ratings, RatingsDataset, N_STARS
from mf.model import OrdinalMF


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dim", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--weight-decay", type=float, default=1e-5)
    args = parser.parse_args()

    torch.manual_seed(0)
    users, items, stars, n_users, n_items = simulate_ratings()
    ds = RatingsDataset(users, items, stars)
    n_test = len(ds) // 10
    train_ds, test_ds = random_split(ds, [len(ds) - n_test, n_test], generator=torch.Generator().manual_seed(0))

    model = OrdinalMF(n_users, n_items, args.dim, N_STARS)
    opt = torch.optim.Adam(model.parameters(), lr=5e-3, weight_decay=args.weight_decay)
    criterion = nn.CrossEntropyLoss()

    train_loader = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    test_loader = DataLoader(test_ds, batch_size=256)
    for epoch in range(args.epochs):
        model.train()
        running = 0.0
        for u, i, y in train_loader:
            loss = criterion(model(u, i), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
        model.eval()
        mae = torch.cat([(model.expected_stars(u, i) - (y + 1).float()).abs() for u, i, y in test_loader]).mean()
        print(f"epoch {epoch + 1}: train CE {running / len(train_loader):.4f}  test MAE {mae:.3f}")


if __name__ == "__main__":
    main()
