import torch
import torch.nn as nn


class CNNText(nn.Module):
    def __init__(self, vocab_size, num_classes, dim=64, kernels=(2, 3, 4), channels=32):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, dim, padding_idx=0)
        self.convs = nn.ModuleList(nn.Conv1d(dim, channels, k) for k in kernels)
        self.fc = nn.Linear(channels * len(kernels), num_classes)
        self.drop = nn.Dropout(0.3)

    def forward(self, x):
        h = self.emb(x).transpose(1, 2)
        pooled = [conv(h).relu().amax(-1) for conv in self.convs]
        return self.fc(self.drop(torch.cat(pooled, dim=1)))
