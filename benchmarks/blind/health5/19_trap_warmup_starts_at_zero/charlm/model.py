import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvCharLM(nn.Module):
    """Causal dilated-conv character model (WaveNet-style, small)."""

    def __init__(self, vocab, n_embd, block_size):
        super().__init__()
        self.tok = nn.Embedding(vocab, n_embd)
        self.convs = nn.ModuleList([nn.Conv1d(n_embd, n_embd, 2, dilation=d) for d in (1, 2, 4, 8)])
        self.head = nn.Linear(n_embd, vocab)

    def forward(self, idx, targets=None):
        x = self.tok(idx).transpose(1, 2)
        for conv in self.convs:
            pad = conv.dilation[0]
            x = x + F.gelu(conv(F.pad(x, (pad, 0))))
        logits = self.head(x.transpose(1, 2))
        loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten())
        return logits, loss
