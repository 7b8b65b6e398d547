import random

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from losses import ClassBalancedCE
from utils import LabelEncoder, inverse_frequency_weights

EPOCHS = 4
BATCH_SIZE = 32
LR = 1e-3
N_FEATURES = 12


def fake_transactions(n=500, seed=0):
    """(features, status) rows; statuses are imbalanced strings as they come from the DB."""
    rnd = random.Random(seed)
    statuses = rnd.choices(["ok", "review", "fraud"], weights=[0.8, 0.15, 0.05], k=n)
    offset = {"ok": 0.0, "review": 1.0, "fraud": 2.5}
    feats = torch.randn(n, N_FEATURES, generator=torch.Generator().manual_seed(seed))
    feats += torch.tensor([offset[s] for s in statuses]).unsqueeze(1)
    return feats, statuses


def main():
    torch.manual_seed(0)
    feats, statuses = fake_transactions()
    enc = LabelEncoder(statuses)
    y = enc.transform(statuses)
    ds = TensorDataset(feats, y)
    train_ds, val_ds = torch.utils.data.random_split(ds, [400, 100])
    train_dl = DataLoader(train_ds, batch_size=BATCH_SIZE, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=BATCH_SIZE)

    model = nn.Sequential(nn.Linear(N_FEATURES, 32), nn.ReLU(), nn.Linear(32, len(enc.classes_)))
    criterion = ClassBalancedCE(inverse_frequency_weights(statuses, enc))
    opt = torch.optim.Adam(model.parameters(), lr=LR)

    for epoch in range(EPOCHS):
        model.train()
        for xb, yb in train_dl:
            loss = criterion(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            preds = torch.cat([model(xb).argmax(1) for xb, _ in val_dl])
            truth = torch.cat([yb for _, yb in val_dl])
        per_class = {c: ((preds == i) & (truth == i)).sum().item() for i, c in enumerate(enc.classes_)}
        print(f"epoch {epoch}: loss {loss.item():.4f} correct-per-class {per_class}")


if __name__ == "__main__":
    main()
