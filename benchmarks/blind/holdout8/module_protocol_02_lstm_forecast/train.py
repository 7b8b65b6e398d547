import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from model import LSTMForecaster
from utils import MinMaxScaler, SlidingWindow, make_series

torch.manual_seed(0)

LOOKBACK = 30
BATCH_SIZE = 64
EPOCHS = 2
LR = 0.01

series = make_series()
train_size = int(len(series) * 0.8)
train, test = series[:train_size], series[train_size:]

scaler = MinMaxScaler().fit(train)
train_ds = SlidingWindow(scaler.transform(train), LOOKBACK)
test_ds = SlidingWindow(scaler.transform(test), LOOKBACK)
train_loader = DataLoader(train_ds, batch_size=BATCH_SIZE, shuffle=True)
test_loader = DataLoader(test_ds, batch_size=BATCH_SIZE)

model = LSTMForecaster()
loss_function = nn.MSELoss()
optimizer = torch.optim.Adam(model.parameters(), lr=LR)

for epoch in range(EPOCHS):
    model.train()
    epoch_loss = []
    for seq, labels in train_loader:
        optimizer.zero_grad()
        y_pred = model(seq)
        single_loss = loss_function(y_pred, labels)
        single_loss.backward()
        optimizer.step()
        epoch_loss.append(single_loss.item())
    print(f"epoch: {epoch + 1:3} loss: {np.mean(epoch_loss):10.8f}")

model.eval()
preds = []
with torch.no_grad():
    for seq, _ in test_loader:
        preds.append(model(seq).numpy())
preds = scaler.inverse_transform(np.concatenate(preds).ravel())
actual = test[LOOKBACK:]
rmse = float(np.sqrt(np.mean((preds - actual) ** 2)))
print(f"test RMSE: {rmse:.4f}")
