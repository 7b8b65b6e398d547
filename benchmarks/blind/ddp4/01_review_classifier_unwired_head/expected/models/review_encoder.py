import torch
import torch.nn as nn


class ConvBlock(nn.Module):
    def __init__(self, dim, kernel_size):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim, kernel_size, padding=kernel_size // 2)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        # x: [B, T, D]
        y = self.conv(x.transpose(1, 2)).transpose(1, 2)
        return self.norm(x + torch.relu(y))


class ReviewClassifier(nn.Module):
    """Embedding -> 2 conv blocks -> masked mean pool -> classification head.

    The head follows the DistilBERT recipe: pre_classifier + ReLU + dropout + classifier.
    """

    def __init__(self, vocab_size, embed_dim, num_classes, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, embed_dim, padding_idx=0)
        self.blocks = nn.ModuleList([ConvBlock(embed_dim, 3), ConvBlock(embed_dim, 5)])
        self.pre_classifier = nn.Linear(embed_dim, embed_dim)
        self.dropout = nn.Dropout(dropout)
        self.classifier = nn.Linear(embed_dim, num_classes)

    def forward(self, tokens):
        mask = (tokens != 0).unsqueeze(-1).float()
        x = self.embed(tokens)
        for blk in self.blocks:
            x = blk(x)
        pooled = (x * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        pooled = self.dropout(torch.relu(self.pre_classifier(pooled)))
        logits = self.classifier(pooled)
        return logits
