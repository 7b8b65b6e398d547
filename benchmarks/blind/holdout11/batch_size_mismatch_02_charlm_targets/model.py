import torch
import torch.nn as nn


class CharGRU(nn.Module):
    def __init__(self, vocab_size, emb_dim=48, hidden=128, layers=1, dropout=0.0):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, emb_dim)
        self.rnn = nn.GRU(emb_dim, hidden, num_layers=layers, batch_first=True, dropout=dropout)
        self.proj = nn.Linear(hidden, vocab_size)

    def forward(self, x, h=None):
        out, h = self.rnn(self.emb(x), h)
        return self.proj(out), h

    @torch.no_grad()
    def sample(self, start_ids, n, temperature=0.8):
        x = torch.tensor([start_ids], dtype=torch.long)
        logits, h = self(x)
        out = list(start_ids)
        for _ in range(n):
            probs = torch.softmax(logits[0, -1] / temperature, dim=-1)
            nxt = torch.multinomial(probs, 1).item()
            out.append(nxt)
            logits, h = self(torch.tensor([[nxt]]), h)
        return out
