import argparse

import torch
import torch.nn as nn

import sinabs
import sinabs.layers as sl


def make_nmnist_like(n, time_steps, seed=0):
    """Synthetic event frames shaped like binned N-MNIST: (N, T, 2, 34, 34)."""
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, 10, (n,), generator=g)
    rates = torch.full((n, 2, 34, 34), 0.02)
    for i, y in enumerate(labels):
        r0 = 2 + int(y) * 3
        rates[i, :, r0:r0 + 4, 5:29] = 0.3
    frames = (torch.rand(n, time_steps, 2, 34, 34, generator=g) < rates[:, None]).float()
    return frames, labels


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch_size", type=int, default=8)
    parser.add_argument("--time_steps", type=int, default=10)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()

    torch.manual_seed(0)
    frames, labels = make_nmnist_like(64, args.time_steps)
    dataset = torch.utils.data.TensorDataset(frames, labels)
    loader = torch.utils.data.DataLoader(dataset, batch_size=args.batch_size, shuffle=True, drop_last=True)

    model = nn.Sequential(
        nn.Conv2d(2, 8, kernel_size=3, stride=2, padding=1, bias=False),
        sl.IAFSqueeze(batch_size=args.batch_size),
        nn.Conv2d(8, 16, kernel_size=3, stride=2, padding=1, bias=False),
        sl.IAFSqueeze(batch_size=args.batch_size),
        nn.Flatten(),
        nn.Linear(16 * 9 * 9, 10, bias=False),
        sl.IAFSqueeze(batch_size=args.batch_size),
    )
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = nn.CrossEntropyLoss()

    for epoch in range(args.epochs):
        for i, (x, y) in enumerate(loader):
            sinabs.reset_states(model)
            optimizer.zero_grad()
            out = model(x.flatten(0, 1))
            out = out.unflatten(0, (args.batch_size, args.time_steps)).sum(1)
            loss = criterion(out, y)
            loss.backward()
            optimizer.step()
            if i % 4 == 0:
                print(f"epoch {epoch} iter {i} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
