import torch.nn as nn


class CharMLP(nn.Module):
    """Bengio-style MLP language model over a fixed character context."""

    def __init__(self, vocab_size, block_size, n_embd, n_hidden):
        super().__init__()
        self.block_size = block_size
        self.wte = nn.Embedding(vocab_size, n_embd)
        self.mlp = nn.Sequential(
            nn.Linear(block_size * n_embd, n_hidden), nn.Tanh(),
            nn.Linear(n_hidden, vocab_size),
        )

    def forward(self, idx):
        return self.mlp(self.wte(idx).flatten(1))
