from torch import nn


class LogisticBaseline(nn.Module):
    def __init__(self, in_features: int, num_classes: int, **unused):
        super().__init__()
        self.fc = nn.Linear(in_features, num_classes)

    def forward(self, x):
        return self.fc(x)
