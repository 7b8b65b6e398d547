# expect: health.no_gradient -- the encoder runs under no_grad whatever its freeze flag says: it never learns
import torch
from torch import nn
torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self, freeze_encoder=False):
        super().__init__()
        self.encoder = nn.Linear(8, 16)
        self.head = nn.Linear(16, 2)
        self.freeze_encoder = freeze_encoder

    def forward(self, x):
        with torch.no_grad():
            h = torch.relu(self.encoder(x))
        return self.head(h)

model = Net(freeze_encoder=False)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))
for step in range(6):
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    opt.step()
