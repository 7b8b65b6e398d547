import torch
import torch.nn as nn
model = nn.Sequential(nn.Linear(2, 3), nn.LogSoftmax(dim=1))
loss_fn = nn.NLLLoss()
opt = torch.optim.SGD(model.parameters(), lr=0.5)
samples = [([0.1, 0.2], 0.0), ([0.9, 0.1], 1.0), ([0.4, 0.8], 2.0)]
for epoch in range(3):
    for feats, label in samples:
        x = torch.tensor([feats]); t = torch.tensor([label])
        loss = loss_fn(model(x), t)
        opt.zero_grad(); loss.backward(); opt.step()
