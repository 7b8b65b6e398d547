import torch
import torch.nn as nn


class StatsPoolingXVector(nn.Module):
    def __init__(self, feat_dim, n_speakers, channels=64, emb_dim=32):
        super().__init__()
        self.tdnn = nn.Sequential(
            nn.Conv1d(feat_dim, channels, 5, padding=2), nn.ReLU(), nn.BatchNorm1d(channels),
            nn.Conv1d(channels, channels, 3, dilation=2, padding=2), nn.ReLU(), nn.BatchNorm1d(channels),
        )
        self.embed = nn.Linear(2 * channels, emb_dim)
        self.classify = nn.Linear(emb_dim, n_speakers)

    def forward(self, feats, lengths):
        h = self.tdnn(feats.transpose(1, 2))  # (B, C, T)
        mask = (torch.arange(h.size(2))[None, :] < lengths[:, None]).unsqueeze(1).float()
        denom = mask.sum(2).clamp(min=1)
        mean = (h * mask).sum(2) / denom
        var = (((h - mean.unsqueeze(2)) ** 2) * mask).sum(2) / denom
        stats = torch.cat([mean, var.clamp(min=1e-5).sqrt()], dim=1)
        return self.classify(torch.relu(self.embed(stats)))
