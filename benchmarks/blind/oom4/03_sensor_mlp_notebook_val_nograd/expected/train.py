# %% [markdown]
# # Sensor-array regression baseline (MLP)
# quick baseline before trying GBDT; features are the 2048 raw channel readings

# %%
import time
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class CFG:
    seed = 2024
    n_train = 4096
    n_valid = 16384
    n_features = 1024
    hidden = 1024
    dropout = 0.2
    batch_size = 512
    epochs = 2
    lr = 1e-3


def seed_everything(seed):
    np.random.seed(seed)
    torch.manual_seed(seed)


seed_everything(CFG.seed)

# %%
rng = np.random.default_rng(CFG.seed)
W_true = rng.normal(size=(CFG.n_features, 1)).astype(np.float32) / np.sqrt(CFG.n_features)
X = rng.normal(size=(CFG.n_train + CFG.n_valid, CFG.n_features)).astype(np.float32)
y = (np.tanh(X @ W_true) + 0.1 * rng.normal(size=(len(X), 1))).astype(np.float32)
X_tr, y_tr = X[: CFG.n_train], y[: CFG.n_train]
X_va, y_va = X[CFG.n_train:], y[CFG.n_train:]
print(X_tr.shape, X_va.shape)

train_loader = DataLoader(TensorDataset(torch.from_numpy(X_tr), torch.from_numpy(y_tr)),
                          batch_size=CFG.batch_size, shuffle=True, drop_last=True)
valid_loader = DataLoader(TensorDataset(torch.from_numpy(X_va), torch.from_numpy(y_va)),
                          batch_size=1024)

# %%
model = nn.Sequential(
    nn.Linear(CFG.n_features, CFG.hidden), nn.BatchNorm1d(CFG.hidden), nn.SiLU(), nn.Dropout(CFG.dropout),
    nn.Linear(CFG.hidden, CFG.hidden), nn.BatchNorm1d(CFG.hidden), nn.SiLU(), nn.Dropout(CFG.dropout),
    nn.Linear(CFG.hidden, CFG.hidden // 2), nn.BatchNorm1d(CFG.hidden // 2), nn.SiLU(), nn.Dropout(CFG.dropout),
    nn.Linear(CFG.hidden // 2, 1),
)
criterion = nn.MSELoss()
optimizer = torch.optim.Adam(model.parameters(), lr=CFG.lr)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=CFG.epochs * len(train_loader))

# %%
for epoch in range(CFG.epochs):
    start = time.time()
    model.train()
    total_loss = 0
    for xb, yb in train_loader:
        optimizer.zero_grad()
        pred = model(xb)
        loss = criterion(pred, yb)
        loss.backward()
        optimizer.step()
        scheduler.step()
        total_loss += loss.item()
    train_loss = total_loss / len(train_loader)

    model.eval()
    valid_loss = 0
    with torch.no_grad():
        for xb, yb in valid_loader:
            pred = model(xb)
            valid_loss += criterion(pred, yb) * len(xb)
    rmse = (valid_loss / len(valid_loader.dataset)).sqrt().item()
    print(f"Epoch {epoch + 1}: train_loss={float(train_loss):.4f} valid_rmse={rmse:.4f} "
          f"({time.time() - start:.0f}s)")
