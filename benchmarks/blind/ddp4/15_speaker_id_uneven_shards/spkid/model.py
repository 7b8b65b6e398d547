import torch
import torch.nn as nn


class XVectorLite(nn.Module):
    def __init__(self, dim=40, channels=64, emb=32, num_speakers=10):
        super().__init__()
        self.tdnn = nn.Sequential(
            nn.Conv1d(dim, channels, 5, padding=2), nn.ReLU(),
            nn.Conv1d(channels, channels, 3, dilation=2, padding=2), nn.ReLU(),
        )
        self.embedding = nn.Linear(2 * channels, emb)
        self.classifier = nn.Linear(emb, num_speakers)

    def forward(self, feats):  # [B, T, D]
        h = self.tdnn(feats.transpose(1, 2))
        stats = torch.cat([h.mean(-1), h.std(-1)], dim=1)  # statistics pooling
        return self.classifier(torch.relu(self.embedding(stats)))
