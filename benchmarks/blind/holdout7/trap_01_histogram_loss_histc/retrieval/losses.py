import torch
import torch.nn as nn


class HistogramLoss(nn.Module):
    """Histogram loss (Ustinova & Lempitsky, NeurIPS 2016).

    Estimates the distributions of cosine similarity for positive and negative pairs
    with histograms over [-1, 1] and penalises the probability that a random negative
    pair is more similar than a random positive pair.
    """

    def __init__(self, num_bins=51):
        super().__init__()
        self.num_bins = num_bins

    def _histogram(self, values):
        hist = torch.histc(values, bins=self.num_bins, min=-1.0, max=1.0)
        return hist / values.numel()

    def forward(self, embeddings, labels):
        sims = embeddings @ embeddings.t()
        same = labels[:, None] == labels[None, :]
        upper = torch.triu(torch.ones_like(same), diagonal=1)
        pos = sims[same & upper]
        neg = sims[~same & upper]
        hist_pos = self._histogram(pos)
        hist_neg = self._histogram(neg)
        cdf_pos = torch.cumsum(hist_pos, dim=0)
        return (hist_neg * cdf_pos).sum()
