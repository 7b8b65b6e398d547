import torch.nn as nn


class TinyCTC(nn.Module):
    """Streaming-friendly conv acoustic model (no recurrence) with a CTC head."""

    def __init__(self, n_mels=20, hidden=64, vocab=12):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(n_mels, hidden, 3, padding=1), nn.ReLU(),
            nn.Conv1d(hidden, hidden, 5, padding=2), nn.ReLU(),
            nn.Conv1d(hidden, hidden, 5, padding=2), nn.ReLU())
        self.out = nn.Linear(hidden, vocab)  # index 0 = blank

    def forward(self, feats):  # (B, T, n_mels)
        h = self.body(feats.transpose(1, 2)).transpose(1, 2)
        return self.out(h).log_softmax(-1)
