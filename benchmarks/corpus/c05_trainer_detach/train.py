import torch
from trainer import Trainer
t = Trainer(torch.nn.Linear(3, 1))
for epoch in range(3):
    print(t.step(torch.randn(10, 3), torch.randn(10, 1)))
