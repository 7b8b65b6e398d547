import torch
from torch.utils.data import DataLoader, TensorDataset

from demand.features import make_sales_frame
from demand.net import DemandNet
from demand.metrics import smape_loss

EPOCHS = 4
BATCH = 64
LR = 1e-3

torch.manual_seed(0)
X, y = make_sales_frame()
loader = DataLoader(TensorDataset(X, y), batch_size=BATCH, shuffle=True)
net = DemandNet(X.shape[1])
opt = torch.optim.Adam(net.parameters(), lr=LR)

for epoch in range(EPOCHS):
    net.train()
    epoch_loss = 0.0
    for xb, yb in loader:
        opt.zero_grad()
        loss = smape_loss(net(xb), yb)
        loss.backward()
        opt.step()
        epoch_loss += loss.item() * len(xb)
    print("epoch %d  sMAPE %.3f%%" % (epoch, epoch_loss / len(X)))
