from torch import nn


class SharedTrunk(nn.Module):
    def __init__(self, in_ch=1, width=24):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(in_ch, width, 3, padding=1), nn.GELU(), nn.MaxPool2d(2),
            nn.Conv2d(width, 2 * width, 3, padding=1), nn.GELU(), nn.AdaptiveAvgPool2d(2), nn.Flatten(),
        )
        self.out_dim = 2 * width * 4

    def forward(self, x):
        return self.body(x)


class InspectionNet(nn.Module):
    """Wafer-inspection model: defect type classification + film-thickness regression."""

    def __init__(self, n_defects):
        super().__init__()
        self.trunk = SharedTrunk()
        self.heads = nn.ModuleDict({
            "defect": nn.Linear(self.trunk.out_dim, n_defects),
            "thickness": nn.Sequential(nn.Linear(self.trunk.out_dim, 32), nn.GELU(), nn.Linear(32, 1)),
        })

    def forward(self, x):
        z = self.trunk(x)
        return {name: head(z) for name, head in self.heads.items()}
