# expect: health.schedule_per_batch
# an ExponentialLR meant per epoch, stepped after every batch: by its formula 0.5 ** 40 within epoch 1
import torch
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
x = torch.randn(320, 4)
y = x.sum(1, keepdim=True)
loader = DataLoader(TensorDataset(x, y), batch_size=8)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.5)
for epoch in range(2):
    for xb, yb in loader:
        loss = torch.nn.functional.mse_loss(model(xb), yb)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step()
