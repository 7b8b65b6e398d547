# expect: none -- inference under no_grad: no optimizer, nothing trains
import torch
from torch import nn
model = nn.Sequential(nn.Linear(8, 4), nn.Dropout(0.5))
model.eval()
with torch.no_grad():
    for _ in range(3):
        print(model(torch.randn(2, 8)).sum().item())
