# expect: none -- a layer defined but never called (a leftover), and a validation pass in eval mode undone by train()
import torch
from torch import nn
torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 2)
        self.drop = nn.Dropout(0.2)
        self.spare = nn.Linear(8, 8)

    def forward(self, x):
        return self.fc(self.drop(x))

model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))
for epoch in range(3):
    model.train()
    for step in range(3):
        opt.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        model(x)
