import torch
import torch.nn as nn
raw_labels = [0, 2, 1, 1, 0, 2, 2, 1]
labels = torch.FloatTensor(raw_labels)
features = torch.randn(8, 5)
model = nn.Linear(5, 3)
crit = nn.CrossEntropyLoss()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(4):
    out = model(features)
    loss = crit(out, labels)
    opt.zero_grad(); loss.backward(); opt.step()
