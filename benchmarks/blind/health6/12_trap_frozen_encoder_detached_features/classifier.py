import torch.nn as nn

from backbone import load_frozen_encoder


class ProbeClassifier(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.encoder = load_frozen_encoder()
        self.head = nn.Linear(48, n_classes)

    def train(self, mode=True):
        super().train(mode)
        self.encoder.eval()
        return self

    def forward(self, x):
        feats = self.encoder(x).detach()
        return self.head(feats)
