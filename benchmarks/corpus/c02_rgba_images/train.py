import torch
from torch import nn
from torch.utils.data import Dataset, DataLoader
class Sprites(Dataset):
    def __len__(self): return 50
    def __getitem__(self, i):
        return torch.rand(4, 24, 24), i % 5
net = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for epoch in range(2):
    for img, lbl in DataLoader(Sprites(), batch_size=10):
        opt.zero_grad(); nn.functional.cross_entropy(net(img), lbl).backward(); opt.step()
