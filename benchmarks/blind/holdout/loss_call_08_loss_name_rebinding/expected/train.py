# Train a conv autoencoder on normal vibration windows; reconstruction error is the anomaly score.
import math

import torch
from torch import nn, optim
from torch.utils.data import DataLoader, TensorDataset

from autoencoder import SignalAutoencoder

WINDOW = 64
CHANNELS = 3
EPOCHS = 3
BATCH_SIZE = 32

torch.manual_seed(0)


def make_windows(n, anomalous=False):
    t = torch.linspace(0, 2 * math.pi, WINDOW)
    freq = torch.rand(n, CHANNELS, 1) * 2 + 1
    phase = torch.rand(n, CHANNELS, 1) * 2 * math.pi
    x = torch.sin(freq * t + phase) + 0.05 * torch.randn(n, CHANNELS, WINDOW)
    if anomalous:
        x[:, :, WINDOW // 2:] += torch.randn(n, CHANNELS, 1) * 1.5
    return x


train_loader = DataLoader(TensorDataset(make_windows(256)), batch_size=BATCH_SIZE, shuffle=True)
normal_val = make_windows(64)
anomal_val = make_windows(64, anomalous=True)

model = SignalAutoencoder(CHANNELS)
criterion = nn.MSELoss()
optimizer = optim.Adam(model.parameters(), lr=2e-3)

for epoch in range(EPOCHS):
    model.train()
    epoch_loss = 0.0
    for (x,) in train_loader:
        recon = model(x)
        loss = criterion(recon, x)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        epoch_loss += loss.item() * len(x)

    model.eval()
    with torch.no_grad():
        err_normal = ((model(normal_val) - normal_val) ** 2).mean(dim=(1, 2))
        err_anom = ((model(anomal_val) - anomal_val) ** 2).mean(dim=(1, 2))
    threshold = err_normal.quantile(0.95)
    recall = (err_anom > threshold).float().mean().item()
    print(f"epoch {epoch}: train mse {epoch_loss / len(train_loader.dataset):.4f}  "
          f"threshold {threshold:.4f}  anomaly recall {recall:.2f}")

torch.save({"model": model.state_dict(), "threshold": threshold}, "vibration_ae.pt")
