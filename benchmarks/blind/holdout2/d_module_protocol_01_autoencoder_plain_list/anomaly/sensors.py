import torch
from torch.utils.data import TensorDataset


def simulate_sensors(n, n_sensors=24, anomaly_rate=0.0, seed=0):
    """Readings from correlated sensors driven by 3 latent factors; anomalies break the correlation."""
    g = torch.Generator().manual_seed(seed)
    mixing = torch.randn(3, n_sensors, generator=torch.Generator().manual_seed(1234))
    latent = torch.randn(n, 3, generator=g)
    x = latent @ mixing + 0.05 * torch.randn(n, n_sensors, generator=g)
    is_anom = torch.rand(n, generator=g) < anomaly_rate
    x[is_anom] += 2.0 * torch.randn(int(is_anom.sum()), n_sensors, generator=g)
    return TensorDataset(x, is_anom)
