import torch
from torch import nn
class SeqPool(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(8, 8, 3, padding=1)
        self.out = nn.Linear(8 * 10, 2)
    def forward(self, x):
        h = self.conv(x.permute(0, 2, 1)).permute(0, 2, 1)
        return self.out(h.view(h.size(0), -1))
m = SeqPool(); opt = torch.optim.Adam(m.parameters())
for _ in range(3):
    opt.zero_grad(); m(torch.randn(4, 10, 8)).sum().backward(); opt.step()
