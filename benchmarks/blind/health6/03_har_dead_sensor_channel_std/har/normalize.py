import torch


class ChannelStandardizer:
    """Per-channel z-score, statistics from the training windows only."""

    def fit(self, X):
        X = torch.as_tensor(X)
        self.mean = X.mean(dim=(0, 2)).unsqueeze(-1)
        self.std = X.std(dim=(0, 2)).unsqueeze(-1)
        return self

    def __call__(self, x):
        return (x - self.mean) / self.std
