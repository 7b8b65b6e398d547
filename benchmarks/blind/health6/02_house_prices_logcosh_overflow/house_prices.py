# House prices - MLP with log-cosh loss
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader

from features import make_housing, standardize
from losses import LogCoshLoss, rmsle

SEED = 42
torch.manual_seed(SEED)
np.random.seed(SEED)

X, y = make_housing()
idx = np.random.permutation(len(X))
tr, va = idx[:1200], idx[1200:]
X_tr, X_va = standardize(X[tr], X[va])
y_tr, y_va = y[tr], y[va]
print("train", X_tr.shape, "valid", X_va.shape, "mean price %.1fk" % y_tr.mean())

train_ds = TensorDataset(torch.from_numpy(X_tr), torch.from_numpy(y_tr))
train_dl = DataLoader(train_ds, batch_size=32, shuffle=True)

model = nn.Sequential(
    nn.Linear(6, 128), nn.ReLU(),
    nn.Linear(128, 64), nn.ReLU(),
    nn.Linear(64, 1),
)
criterion = LogCoshLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=3e-2)

EPOCHS = 8
for epoch in range(EPOCHS):
    model.train()
    running = []
    for xb, yb in train_dl:
        optimizer.zero_grad()
        pred = model(xb).squeeze(-1)
        loss = criterion(pred, yb)
        loss.backward()
        optimizer.step()
        running.append(loss.item())
    model.eval()
    with torch.no_grad():
        p = model(torch.from_numpy(X_va)).squeeze(-1)
        score = rmsle(p, torch.from_numpy(y_va)).item()
    print(f"Epoch {epoch+1}/{EPOCHS} - logcosh: {np.mean(running):.4f} - val RMSLE: {score:.4f}")
