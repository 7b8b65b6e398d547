# expect: health.no_gradient -- untraced, layers that ran and got no gradient look cut; the traced rerun finds no cut
import torch
from torch import nn
torch.manual_seed(0)


class Pyramid(nn.Module):
    """Two levels are smoothed every step, and the head reads only the finer one: by design."""
    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.smooth = nn.ModuleList([nn.Conv2d(3, 4, 3, padding=1), nn.Conv2d(4, 4, 3, padding=1)])
        self.head = nn.Conv2d(4, 1, 1)

    def forward(self, x):
        levels = [x, self.down(x)]
        outs = [conv(level) for conv, level in zip(self.smooth, levels)]
        return self.head(outs[0]).mean(dim=(1, 2, 3))


model = Pyramid()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x, y = torch.randn(4, 3, 8, 8), torch.randn(4)
for step in range(6):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    print(step, loss.item())
