# expect: health.no_gradient -- the update encodes its inputs under no_grad: the encoder's own optimizer steps, it never learns
import torch
from torch import nn
torch.manual_seed(0)

encoder = nn.Sequential(nn.Linear(8, 16), nn.ReLU())
head = nn.Linear(16, 2)
encoder_opt = torch.optim.Adam(encoder.parameters(), lr=1e-2)
head_opt = torch.optim.Adam(head.parameters(), lr=1e-2)


def update(x, y):
    with torch.no_grad():
        z = encoder(x)
    loss = nn.functional.cross_entropy(head(z), y)
    encoder_opt.zero_grad()
    head_opt.zero_grad()
    loss.backward()
    encoder_opt.step()
    head_opt.step()


x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))
for step in range(6):
    update(x, y)
