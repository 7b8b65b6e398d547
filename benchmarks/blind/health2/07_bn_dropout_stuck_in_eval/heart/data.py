import torch
from torch.utils.data import DataLoader, TensorDataset


def _synth_patients(n, g):
    age = 30 + 45 * torch.rand(n, generator=g)
    chol = 180 + 60 * torch.randn(n, generator=g)
    bp = 120 + 18 * torch.randn(n, generator=g)
    max_hr = 200 - 0.8 * age + 12 * torch.randn(n, generator=g)
    smoker = (torch.rand(n, generator=g) < 0.3).float()
    bmi = 26 + 4 * torch.randn(n, generator=g)
    x = torch.stack([age, chol, bp, max_hr, smoker, bmi], dim=1)
    logit = 0.06 * (age - 52) + 0.02 * (chol - 180) + 0.04 * (bp - 120) - 0.03 * (max_hr - 155) + 1.2 * smoker + 0.1 * (bmi - 26)
    y = (torch.sigmoid(logit) > torch.rand(n, generator=g)).float()
    return x, y.unsqueeze(1)


def get_loaders(batch_size, n_train=768, n_val=256, seed=0):
    g = torch.Generator().manual_seed(seed)
    x_tr, y_tr = _synth_patients(n_train, g)
    x_va, y_va = _synth_patients(n_val, g)
    train_loader = DataLoader(TensorDataset(x_tr, y_tr), batch_size=batch_size, shuffle=True, drop_last=True)
    val_loader = DataLoader(TensorDataset(x_va, y_va), batch_size=128)
    return train_loader, val_loader, x_tr.shape[1]
