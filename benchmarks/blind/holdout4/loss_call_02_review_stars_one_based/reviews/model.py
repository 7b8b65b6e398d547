import torch.nn as nn


class StarClassifier(nn.Module):
    def __init__(self, n_in, n_classes, width=64, depth=2, p=0.2):
        super().__init__()
        layers, prev = [], n_in
        for _ in range(depth):
            layers += [nn.Linear(prev, width), nn.SiLU(), nn.Dropout(p)]
            prev = width
        layers.append(nn.Linear(prev, n_classes))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)
