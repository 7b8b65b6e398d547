import torch
from torch.utils.data import Dataset


class SpeechCommandFeatures(Dataset):
    """Pre-extracted MFCC-style feature vectors with a keyword id per clip.

    Real features come from disk; for the unit runs we synthesise them with
    one prototype per keyword plus noise.
    """

    def __init__(self, n_samples, n_features, num_classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        prototypes = torch.randn(num_classes, n_features, generator=g) * 2
        self.labels = torch.randint(0, num_classes, (n_samples,), generator=g).tolist()
        self.clips = [prototypes[k] + torch.randn(n_features, generator=g) for k in self.labels]

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        x = self.clips[i]
        y = torch.tensor(self.labels[i], dtype=torch.float)
        return x, y
