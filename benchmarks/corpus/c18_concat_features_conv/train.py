import torch
import torch.nn as nn
class TwoStream(nn.Module):
    def __init__(self, c=6):
        super().__init__()
        self.rgb = nn.Conv2d(3, c, 3, padding=1)
        self.depth = nn.Conv2d(1, c, 3, padding=1)
        self.fuse = nn.Conv2d(c, 4, 1)
    def forward(self, rgb, depth):
        return self.fuse(torch.cat([self.rgb(rgb), self.depth(depth)], dim=1))
net = TwoStream()
opt = torch.optim.Adam(net.parameters())
for _ in range(2):
    out = net(torch.randn(2, 3, 16, 16), torch.randn(2, 1, 16, 16))
    opt.zero_grad(); out.mean().backward(); opt.step()
