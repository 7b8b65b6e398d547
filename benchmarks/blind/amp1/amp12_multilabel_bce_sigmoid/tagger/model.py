import torch
import torch.nn as nn


class ConvGRUTagger(nn.Module):
    def __init__(self, n_mels=32, n_tags=5, channels=32, hidden=32):
        super().__init__()
        self.frontend = nn.Sequential(
            nn.Conv1d(n_mels, channels, 3, padding=1), nn.BatchNorm1d(channels), nn.ReLU(),
            nn.Conv1d(channels, channels, 3, padding=1), nn.BatchNorm1d(channels), nn.ReLU(),
        )
        self.gru = nn.GRU(channels, hidden, batch_first=True, bidirectional=True)
        self.frame_head = nn.Linear(2 * hidden, n_tags)

    def forward(self, spec):
        h = self.frontend(spec.transpose(1, 2)).transpose(1, 2)
        h, _ = self.gru(h)
        frame_probs = torch.sigmoid(self.frame_head(h))
        # linear-softmax pooling: clip probability dominated by confident frames
        return (frame_probs ** 2).sum(1) / frame_probs.sum(1).clamp_min(1e-6)
