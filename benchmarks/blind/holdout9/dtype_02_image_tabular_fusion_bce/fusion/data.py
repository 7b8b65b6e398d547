import torch
from torch.utils.data import Dataset

TABULAR_COLUMNS = ["age", "bmi", "systolic_bp", "glucose", "smoker", "prior_visits"]


class SkinLesionRecords(Dataset):
    """Synthetic stand-in for dermoscopy crops + patient record table."""

    def __init__(self, n=640, image_size=32, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images = torch.rand(n, 3, image_size, image_size, generator=g)
        self.tabular = torch.randn(n, len(TABULAR_COLUMNS), generator=g)
        score = self.images[:, 0].mean((1, 2)) * 4 + self.tabular[:, 3] * 0.5
        self.labels = (score > score.median()).long().tolist()

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return {"image": self.images[i], "tabular": self.tabular[i], "label": self.labels[i]}
