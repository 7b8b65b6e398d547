import torch
import torch.nn as nn


class SoftKMeans(nn.Module):
    """Differentiable k-means head: soft assignments from squared distances to learnable centroids."""

    def __init__(self, num_clusters, dim, temperature=1.0):
        super().__init__()
        self.centroids = nn.Parameter(torch.randn(num_clusters, dim) * 0.1)
        self.temperature = temperature

    def forward(self, z):
        sq_dist = ((z[:, None, :] - self.centroids[None, :, :]) ** 2).sum(-1)
        assign = torch.softmax(-sq_dist / self.temperature, dim=1)
        loss = (assign * sq_dist).sum(1).mean()
        return assign, loss
