# expect: health.eval_mode_training -- a baseline validation before the first epoch sets eval(); no train() follows
import torch
from torch import nn


def validate(model, x, y):
    model.eval()
    with torch.no_grad():
        return nn.functional.cross_entropy(model(x), y).item()


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 3))
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
x, y = torch.randn(32, 6), torch.randint(0, 3, (32,))
print("baseline", validate(model, x, y))
for epoch in range(3):
    for i in range(0, 32, 8):
        opt.zero_grad()
        nn.functional.cross_entropy(model(x[i:i + 8]), y[i:i + 8]).backward()
        opt.step()
    print(epoch, validate(model, x, y))
