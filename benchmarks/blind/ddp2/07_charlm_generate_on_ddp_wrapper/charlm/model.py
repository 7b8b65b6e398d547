import torch
import torch.nn as nn


class CharLSTM(nn.Module):
    def __init__(self, vocab_size, emb=32, hidden=96):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, emb)
        self.lstm = nn.LSTM(emb, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab_size)

    def forward(self, idx, state=None):
        h, state = self.lstm(self.emb(idx), state)
        return self.out(h), state

    @torch.no_grad()
    def generate(self, prompt_ids, n_new, temperature=0.8):
        ids = prompt_ids.unsqueeze(0)
        logits, state = self(ids)
        out = []
        for _ in range(n_new):
            probs = torch.softmax(logits[:, -1] / temperature, -1)
            nxt = torch.multinomial(probs, 1)
            out.append(nxt.item())
            logits, state = self(nxt, state)
        return out
