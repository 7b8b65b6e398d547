import numpy as np
import torch
from torch.utils.data import TensorDataset


def beat(t, center, width, amp):
    return amp * np.exp(-0.5 * ((t - center) / width) ** 2)


def synth_ecg(n, length, n_leads, n_classes, seed):
    """Synthetic rhythm strips; the class changes heart rate, QRS width and T-wave polarity."""
    rng = np.random.default_rng(seed)
    t = np.arange(length)
    X = np.zeros((n, length, n_leads), dtype=np.float32)
    y = rng.integers(0, n_classes, n)
    for i in range(n):
        rr = [60, 45, 80, 60][y[i]] + rng.normal(0, 3)
        qrs_w = [2.0, 2.0, 2.0, 5.0][y[i]]
        t_sign = -1.0 if y[i] == 2 else 1.0
        sig = np.zeros(length)
        for c in np.arange(rng.uniform(0, rr), length, rr):
            sig += beat(t, c, qrs_w, 1.0) + beat(t, c + 0.3 * rr, 6.0, 0.3 * t_sign)
        for lead in range(n_leads):
            X[i, :, lead] = (0.6 + 0.4 * lead) * sig + rng.normal(0, 0.05, length)
    return TensorDataset(torch.from_numpy(X), torch.from_numpy(y))
