import torch
import torch.nn as nn

_REGISTRY = {}


def register(name):
    def wrap(fn):
        _REGISTRY[name] = fn
        return fn
    return wrap


def get_model(name, **kwargs):
    return _REGISTRY[name](**kwargs)


class ConvEncoder(nn.Module):
    def __init__(self, in_channels, hidden):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(in_channels, hidden, 5, padding=2), nn.BatchNorm1d(hidden), nn.ReLU(),
            nn.Conv1d(hidden, hidden, 5, padding=2), nn.BatchNorm1d(hidden), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1),
        )

    def forward(self, x):
        return self.net(x.transpose(1, 2)).squeeze(-1)


class RecurrentEncoder(nn.Module):
    def __init__(self, in_channels, hidden, num_layers=1, dropout=0.0):
        super().__init__()
        self.rnn = nn.GRU(in_channels, hidden, num_layers=num_layers, batch_first=True, dropout=dropout)
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x):
        out = self.rnn(x)
        return self.norm(out[:, -1, :])


class ActivityClassifier(nn.Module):
    def __init__(self, encoder, hidden, num_classes):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Sequential(nn.Dropout(0.2), nn.Linear(hidden, num_classes))

    def forward(self, x):
        return self.head(self.encoder(x))


@register("cnn")
def cnn_classifier(in_channels, num_classes, hidden=64):
    return ActivityClassifier(ConvEncoder(in_channels, hidden), hidden, num_classes)


@register("gru")
def gru_classifier(in_channels, num_classes, hidden=64):
    return ActivityClassifier(RecurrentEncoder(in_channels, hidden), hidden, num_classes)
