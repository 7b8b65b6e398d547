import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Subset

from eeg.recording import simulate_recording
from eeg.windows import NextStepWindows

WINDOW = 100
STRIDE = 10


def make_model(n_channels):
    return nn.Sequential(
        nn.Conv1d(n_channels, 32, 7, padding=3), nn.BatchNorm1d(32), nn.ReLU(), nn.MaxPool1d(2),
        nn.Conv1d(32, 64, 5, padding=2), nn.BatchNorm1d(64), nn.ReLU(),
        nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(64, 2),
    )


def main():
    torch.manual_seed(0)
    signal, labels = simulate_recording()
    ds = NextStepWindows(signal, labels, WINDOW, STRIDE)
    n_train = int(0.8 * len(ds))
    train_dl = DataLoader(Subset(ds, range(n_train)), batch_size=32, shuffle=True)
    test_dl = DataLoader(Subset(ds, range(n_train, len(ds))), batch_size=32)

    model = make_model(signal.shape[1])
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    weights = torch.tensor([1.0, float((labels == 0).sum() / max((labels == 1).sum(), 1))])
    loss_fn = nn.CrossEntropyLoss(weight=weights)

    for epoch in range(2):
        model.train()
        for x, y in train_dl:
            opt.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            opt.step()
        model.eval()
        tp = fp = fn = 0
        with torch.no_grad():
            for x, y in test_dl:
                p = model(x).argmax(1)
                tp += ((p == 1) & (y == 1)).sum().item()
                fp += ((p == 1) & (y == 0)).sum().item()
                fn += ((p == 0) & (y == 1)).sum().item()
        print(f"epoch {epoch}: loss {loss.item():.3f} precision {tp / max(tp + fp, 1):.2f} recall {tp / max(tp + fn, 1):.2f}")


if __name__ == "__main__":
    main()
