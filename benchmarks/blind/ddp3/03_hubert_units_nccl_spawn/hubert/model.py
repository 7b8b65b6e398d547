import torch.nn as nn


class FeatureExtractor(nn.Module):
    def __init__(self, dim=64):
        super().__init__()
        # total stride 80 -> one frame per 20 ms at 4 kHz
        self.conv = nn.Sequential(
            nn.Conv1d(1, dim, 10, stride=5, padding=3), nn.GELU(),
            nn.Conv1d(dim, dim, 4, stride=4), nn.GELU(),
            nn.Conv1d(dim, dim, 4, stride=4), nn.GELU(),
        )

    def forward(self, wav):
        return self.conv(wav)


class UnitPredictor(nn.Module):
    def __init__(self, dim=48, n_units=20):
        super().__init__()
        self.features = FeatureExtractor(dim)
        self.context = nn.Sequential(nn.Conv1d(dim, dim, 3, padding=1), nn.GELU())
        self.proj = nn.Conv1d(dim, n_units, 1)

    def forward(self, wav):
        x = self.features(wav)
        x = x + self.context(x)
        return self.proj(x)  # [B, U, T]
