import torch
import torch.nn.functional as F

from model import RatingRegressor

torch.manual_seed(0)
g = torch.Generator().manual_seed(0)
U, I = torch.randn(50, 3), torch.randn(40, 3)
u_all = torch.randint(0, 50, (2000,), generator=g)
i_all = torch.randint(0, 40, (2000,), generator=g)
r_all = (3 + (U[u_all] * I[i_all]).sum(1)).clamp(1, 5)
tr, va = slice(0, 1600), slice(1600, 2000)

model = RatingRegressor()
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
for epoch in range(6):
    perm = torch.randperm(1600, generator=g)
    tot = 0.0
    for k in range(0, 1600, 64):
        idx = perm[k:k + 64]
        loss = F.mse_loss(model(u_all[idx], i_all[idx]), r_all[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        tot += loss.item() * len(idx)
    val_rmse = F.mse_loss(model.predict(u_all[va], i_all[va]), r_all[va]).sqrt().item()
    print(f"epoch {epoch} train_mse {tot / 1600:.4f} val_rmse {val_rmse:.4f}")
