import torch.nn as nn

MODEL_REGISTRY = {}


def register_model(name):
    def deco(cls):
        if name in MODEL_REGISTRY:
            raise KeyError(f"model {name!r} registered twice")
        MODEL_REGISTRY[name] = cls
        return cls
    return deco


def conv_block(c_in, c_out):
    return nn.Sequential(
        nn.Conv2d(c_in, c_out, kernel_size=3, padding=1, bias=False),
        nn.BatchNorm2d(c_out),
        nn.ReLU(inplace=True),
        nn.MaxPool2d(2),
    )


@register_model("simple_cnn")
class SimpleCNN(nn.Module):
    def __init__(self, in_channels, num_classes, image_size, channels=(32, 64), dropout=0.0):
        super().__init__()
        blocks = []
        c = in_channels
        for width in channels:
            blocks.append(conv_block(c, width))
            c = width
        self.features = nn.Sequential(*blocks)
        spatial = image_size // (2 ** len(channels))
        self.head = nn.Sequential(
            nn.Flatten(),
            nn.Dropout(dropout),
            nn.Linear(c * spatial * spatial, num_classes),
        )

    def forward(self, x):
        return self.head(self.features(x))


@register_model("tiny_mlp")
class TinyMLP(nn.Module):
    def __init__(self, in_channels, num_classes, image_size, hidden=256, dropout=0.0):
        super().__init__()
        self.net = nn.Sequential(
            nn.Flatten(),
            nn.Linear(in_channels * image_size * image_size, hidden),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(hidden, num_classes),
        )

    def forward(self, x):
        return self.net(x)


def build_model(cfg):
    mcfg = dict(cfg["model"])
    name = mcfg.pop("name")
    if name not in MODEL_REGISTRY:
        raise KeyError(f"unknown model {name!r}; available: {sorted(MODEL_REGISTRY)}")
    data = cfg["data"]
    return MODEL_REGISTRY[name](
        in_channels=data["in_channels"],
        num_classes=data["num_classes"],
        image_size=data["image_size"],
        **mcfg,
    )
