# expect: none -- an EMA teacher: a copy run with grad enabled in eval mode, updated by hand under no_grad
import copy
import torch
from torch import nn
torch.manual_seed(0)
student = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.1), nn.Linear(16, 4))
teacher = copy.deepcopy(student).eval()
for p in teacher.parameters():
    p.requires_grad_(False)
opt = torch.optim.SGD(student.parameters(), lr=0.1)
x = torch.randn(32, 8)
for step in range(6):
    soft = teacher(x).softmax(1)
    loss = nn.functional.cross_entropy(student(x), soft)
    opt.zero_grad()
    loss.backward()
    opt.step()
    with torch.no_grad():
        for t, s in zip(teacher.parameters(), student.parameters()):
            t.mul_(0.99).add_(s, alpha=0.01)
