# %% [markdown]
# # House price regression — MLP baseline
# exported from notebooks/03_mlp_baseline.ipynb

# %%
import os
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader

import prep

SEED = 42
N_ROWS = 3000
VAL_FRAC = 0.2
BATCH_SIZE = 64
EPOCHS = 2
LR = 1e-3
HIDDEN = 128
OUT_DIR = "artifacts"

torch.manual_seed(SEED)
np.random.seed(SEED)

# %%
raw = prep.make_raw_table(N_ROWS, seed=SEED)
print({k: (v[:3] if hasattr(v, "__len__") else v) for k, v in raw.items()})

# %%
perm = np.random.permutation(N_ROWS)
n_val = int(N_ROWS * VAL_FRAC)
val_idx, train_idx = perm[:n_val], perm[n_val:]
train_tbl = {k: np.asarray(v)[train_idx] for k, v in raw.items()}
val_tbl = {k: np.asarray(v)[val_idx] for k, v in raw.items()}

# %%
stats = prep.fit_scaler(train_tbl)
X_train = prep.transform(train_tbl, stats)
X_val = prep.transform(val_tbl, stats)
print("X_train", X_train.shape, "X_val", X_val.shape)

# %%
Xtr, ytr = prep.to_tensors(X_train, train_tbl["price"])
Xva, yva = prep.to_tensors(X_val, val_tbl["price"])
train_loader = DataLoader(TensorDataset(Xtr, ytr), batch_size=BATCH_SIZE, shuffle=True)
val_loader = DataLoader(TensorDataset(Xva, yva), batch_size=256)

# %%
model = nn.Sequential(
    nn.Linear(X_train.shape[1], HIDDEN),
    nn.ReLU(),
    nn.Dropout(0.1),
    nn.Linear(HIDDEN, HIDDEN // 2),
    nn.ReLU(),
    nn.Linear(HIDDEN // 2, 1),
)
optimizer = torch.optim.Adam(model.parameters(), lr=LR)
loss_fn = nn.MSELoss()
model

# %%
train_losses, val_losses = [], []
for epoch in range(EPOCHS):
    model.train()
    running = 0.0
    for xb, yb in train_loader:
        optimizer.zero_grad()
        pred = model(xb)
        loss = loss_fn(pred, yb)
        loss.backward()
        optimizer.step()
        running += loss.item() * len(xb)
    train_losses.append(running / len(train_loader.dataset))

    model.eval()
    with torch.no_grad():
        vl = sum(loss_fn(model(xb), yb).item() * len(xb) for xb, yb in val_loader) / len(val_loader.dataset)
    val_losses.append(vl)
    print(f"epoch {epoch + 1}: train mse {train_losses[-1]:.4f}  val mse {vl:.4f}")

# %%
os.makedirs(OUT_DIR, exist_ok=True)
torch.save({"model": model.state_dict(), "scaler": {k: list(map(float, v)) for k, v in stats.items()}},
           os.path.join(OUT_DIR, "mlp_baseline.pt"))
with torch.no_grad():
    sample = model(Xva[:5]).squeeze(1)
print("pred prices:", np.expm1(sample.numpy()).round(1))
print("true prices:", val_tbl["price"][:5].round(1))
