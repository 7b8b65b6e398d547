import torch
from torch import nn


# Create the neural network
class incomemodel(nn.Module):
    def __init__(self):
        super().__init__()
        # one embedding table per categorical column (they are not applied one after another)
        self.embedded_layer = nn.ModuleList([
            nn.Embedding(num_embeddings=4, embedding_dim=8),
            nn.Embedding(num_embeddings=4, embedding_dim=8),
            nn.Embedding(num_embeddings=4, embedding_dim=8)
        ])
        self.stacked_layer = nn.Sequential(
            nn.Linear(in_features=24, out_features=1052),
            nn.ReLU(),
            nn.BatchNorm1d(1052),
            nn.Dropout(0.3),
            nn.Linear(in_features=1052, out_features=1)
        )

    def forward(self, x):
        x = torch.cat([emb(x[:, i]) for i, emb in enumerate(self.embedded_layer)], dim=1)
        return self.stacked_layer(x)
