# %% [markdown]
# Multi-label ECG-style rhythm tagging with bf16 autocast on CPU.

# %%
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from metrics import macro_auroc

torch.manual_seed(0)
rng = np.random.default_rng(0)

N_LEADS, SIG_LEN, N_CLASSES = 12, 250, 5
N_TRAIN, N_VAL = 160, 64
EPOCHS, BS, LR = 1, 32, 2e-3
AMP_DTYPE = torch.bfloat16

# %%
def synth(n):
    t = np.linspace(0, 5, SIG_LEN, dtype=np.float32)
    y = (rng.random((n, N_CLASSES)) < 0.3).astype(np.float32)
    x = 0.3 * rng.standard_normal((n, N_LEADS, SIG_LEN)).astype(np.float32)
    for c in range(N_CLASSES):
        wave = np.sin(2 * np.pi * (c + 1) * 1.3 * t).astype(np.float32)
        x += y[:, c, None, None] * wave[None, None, :] * rng.uniform(0.5, 1.0, (n, N_LEADS, 1)).astype(np.float32)
    return torch.from_numpy(x), torch.from_numpy(y)

x_tr, y_tr = synth(N_TRAIN)
x_va, y_va = synth(N_VAL)

# %%
model = nn.Sequential(
    nn.Conv1d(N_LEADS, 32, 7, stride=2, padding=3), nn.BatchNorm1d(32), nn.ReLU(),
    nn.Conv1d(32, 64, 5, stride=2, padding=2), nn.BatchNorm1d(64), nn.ReLU(),
    nn.Conv1d(64, 64, 5, stride=2, padding=2), nn.BatchNorm1d(64), nn.ReLU(),
    nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(64, N_CLASSES),
)
opt = torch.optim.AdamW(model.parameters(), lr=LR)

# %%
@torch.no_grad()
def evaluate():
    model.eval()
    all_probs, all_targets = [], []
    for i in range(0, N_VAL, BS):
        with torch.autocast("cpu", dtype=AMP_DTYPE):
            logits = model(x_va[i:i + BS])
        probs = torch.sigmoid(logits)
        all_probs.append(probs.cpu().numpy())
        all_targets.append(y_va[i:i + BS].numpy())
    model.train()
    return macro_auroc(np.concatenate(all_probs), np.concatenate(all_targets))

# %%
for epoch in range(EPOCHS):
    perm = torch.randperm(N_TRAIN)
    for i in range(0, N_TRAIN, BS):
        idx = perm[i:i + BS]
        with torch.autocast("cpu", dtype=AMP_DTYPE):
            logits = model(x_tr[idx])
            loss = F.binary_cross_entropy_with_logits(logits, y_tr[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    auroc, per_class = evaluate()
    print(f"epoch {epoch}: loss {loss.item():.4f} val macro-AUROC {auroc:.3f}")
