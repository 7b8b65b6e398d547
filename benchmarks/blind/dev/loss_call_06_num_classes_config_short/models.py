from torch import nn

_REGISTRY = {}


def register(name):
    def deco(cls):
        _REGISTRY[name] = cls
        return cls
    return deco


@register("mlp")
class MLP(nn.Module):
    def __init__(self, in_features, hidden_sizes, num_classes, dropout=0.0):
        super().__init__()
        layers, prev = [nn.Flatten()], in_features
        for h in hidden_sizes:
            layers += [nn.Linear(prev, h), nn.ReLU(), nn.Dropout(dropout)]
            prev = h
        layers.append(nn.Linear(prev, num_classes))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


def build_model(cfg, in_features):
    cfg = dict(cfg)
    cls = _REGISTRY[cfg.pop("name")]
    return cls(in_features=in_features, **cfg)
