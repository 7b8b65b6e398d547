import torch
import torch.nn as nn
class LM(nn.Module):
    def __init__(self, v=20, h=16):
        super().__init__()
        self.emb = nn.Embedding(v, h); self.lstm = nn.LSTM(h, h, batch_first=True); self.fc = nn.Linear(h, v)
    def forward(self, x, state):
        out, state = self.lstm(self.emb(x), state)
        return self.fc(out), state
lm = LM()
opt = torch.optim.Adam(lm.parameters())
data = torch.randint(0, 20, (2, 101))
state = (torch.zeros(1, 2, 16), torch.zeros(1, 2, 16))
for i in range(0, 80, 20):
    inp, tgt = data[:, i:i + 20], data[:, i + 1:i + 21]
    logits, state = lm(inp, state)
    loss = nn.functional.cross_entropy(logits.flatten(0, 1), tgt.flatten())
    opt.zero_grad(); loss.backward(); opt.step()
