import torch
import torch.nn as nn
class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 4)
    def forward(self, obs):
        probs = torch.softmax(self.fc(obs), dim=-1)
        probs[:, 0] = 0.0
        return probs
pi = Policy()
opt = torch.optim.Adam(pi.parameters())
for _ in range(3):
    p = pi(torch.randn(8, 6))
    loss = -torch.log(p[:, 1] + 1e-8).mean()
    opt.zero_grad(); loss.backward(); opt.step()
