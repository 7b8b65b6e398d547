import torch
from torch import nn


class CharLSTM(nn.Module):
    """Character-level language model: embedding -> LSTM -> vocab projection."""

    def __init__(self, vocab_size, emb_dim=32, hidden=64, num_layers=1):
        super().__init__()
        # the embedding table is the biggest tensor for large vocabularies; store it in fp16
        self.embed = nn.Embedding(vocab_size, emb_dim).half()
        self.lstm = nn.LSTM(emb_dim, hidden, num_layers=num_layers, batch_first=True)
        self.proj = nn.Linear(hidden, vocab_size)

    def forward(self, ids, state=None):
        x = self.embed(ids)
        out, state = self.lstm(x, state)
        return self.proj(out), state

    @torch.no_grad()
    def sample(self, start_id, length, temperature=1.0):
        ids = torch.tensor([[start_id]])
        state, out = None, [start_id]
        for _ in range(length):
            logits, state = self(ids, state)
            probs = torch.softmax(logits[:, -1] / temperature, dim=-1)
            ids = torch.multinomial(probs, 1)
            out.append(ids.item())
        return out
