import torch.nn as nn


class CRNNTagger(nn.Module):
    def __init__(self, n_mels, num_classes, hidden=32):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(n_mels, hidden, 3, padding=1), nn.ReLU())
        self.gru = nn.GRU(hidden, hidden, batch_first=True)
        self.fc = nn.Linear(hidden, num_classes)

    def forward(self, mel):
        h = self.conv(mel).transpose(1, 2)
        out, _ = self.gru(h)
        return self.fc(out.mean(1))
