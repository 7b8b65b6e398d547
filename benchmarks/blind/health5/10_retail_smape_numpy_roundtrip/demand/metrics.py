import numpy as np
import torch


def smape(y_true, y_pred):
    """Symmetric MAPE in percent, same definition as the M4 competition scorer."""
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    return 100.0 * np.mean(2.0 * np.abs(y_pred - y_true) / (np.abs(y_true) + np.abs(y_pred) + 1e-8))


def smape_loss(pred, target):
    """Train directly on the business metric."""
    value = smape(target.detach().cpu().numpy(), pred.detach().cpu().numpy())
    return torch.tensor(value, dtype=torch.float32, requires_grad=True)
