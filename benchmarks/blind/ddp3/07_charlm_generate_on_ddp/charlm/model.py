import torch
import torch.nn as nn


class CharGRU(nn.Module):
    def __init__(self, vocab_size, emb=32, hidden=96):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, emb)
        self.rnn = nn.GRU(emb, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab_size)

    def forward(self, idx, h=None):
        y, h = self.rnn(self.emb(idx), h)
        return self.out(y), h

    @torch.no_grad()
    def generate(self, prefix_ids, n_new, temperature=0.8):
        was_training = self.training
        self.eval()
        idx = torch.tensor([prefix_ids])
        logits, h = self(idx)
        out = list(prefix_ids)
        for _ in range(n_new):
            probs = torch.softmax(logits[:, -1] / temperature, -1)
            nxt = torch.multinomial(probs, 1)
            out.append(int(nxt))
            logits, h = self(nxt, h)
        self.train(was_training)
        return out
