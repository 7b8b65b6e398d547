# expect: health.eval_mode_training -- the step function updates only in train mode; eval() for validation is never undone
import torch
from torch import nn


class Learner:
    def __init__(self):
        self.net = nn.Sequential(nn.Linear(5, 12), nn.ReLU(), nn.Linear(12, 1))
        self.opt = torch.optim.Adam(self.net.parameters(), lr=1e-2)

    def step(self, x, y):
        loss = nn.functional.mse_loss(self.net(x), y)
        if self.net.training:
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return loss.item()

    @torch.no_grad()
    def check(self, x, y):
        self.net.eval()
        return self.step(x, y)


torch.manual_seed(0)
x, y = torch.randn(40, 5), torch.randn(40, 1)
learner = Learner()
learner.net.train()
for epoch in range(4):
    losses = [learner.step(x[i:i + 10], y[i:i + 10]) for i in range(0, 30, 10)]
    print(epoch, sum(losses) / 3, learner.check(x[30:], y[30:]))
