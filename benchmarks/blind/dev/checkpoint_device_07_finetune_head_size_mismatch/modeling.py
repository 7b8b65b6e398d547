import torch
import torch.nn as nn


class SignalEncoder(nn.Module):
    """1-D conv encoder for fixed-length sensor windows."""

    def __init__(self, in_ch=3, dim=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(in_ch, 32, kernel_size=5, padding=2), nn.ReLU(),
            nn.Conv1d(32, dim, kernel_size=5, padding=2, stride=2), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1),
        )

    def forward(self, x):
        return self.net(x).squeeze(-1)


class ActivityClassifier(nn.Module):
    def __init__(self, num_classes, in_ch=3, dim=64):
        super().__init__()
        self.backbone = SignalEncoder(in_ch, dim)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        return self.head(self.backbone(x))


def load_pretrained(model, path):
    """Initialise `model` from a checkpoint written by pretrain.py."""
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state)
    print(f"loaded pretrained weights from {path}")
    return model
