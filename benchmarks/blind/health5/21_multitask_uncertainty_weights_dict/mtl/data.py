import torch


def station_records(n=3000, seed=0):
    """Hourly station features -> next-hour temperature (deg C), rain flag, wind speed (m/s)."""
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 10, generator=g)
    temp = 12 + 6 * x[:, 0] - 2 * x[:, 1] + 0.5 * torch.randn(n, generator=g)
    rain = ((x[:, 2] + 0.8 * x[:, 3] + 0.3 * torch.randn(n, generator=g)) > 0.7).float()
    wind = (4 + 2 * x[:, 4].abs() + x[:, 5] + 2.0 * torch.randn(n, generator=g)).clamp(min=0)
    return x, {"temperature": temp, "rain": rain, "wind": wind}
