import torch
from torch.utils.data import DataLoader

from pose.data import ToyPoses
from pose.net import HeatmapNet
from pose.engine import train_one_epoch, validate

EPOCHS = 1
BATCH = 32

torch.manual_seed(0)
train_loader = DataLoader(ToyPoses(64, seed=0), batch_size=BATCH, shuffle=True)
val_loader = DataLoader(ToyPoses(768, seed=1), batch_size=BATCH)
model = HeatmapNet()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
best = float("inf")
for epoch in range(EPOCHS):
    tl = train_one_epoch(model, train_loader, optimizer, epoch)
    vl = validate(model, val_loader)
    print(f"epoch {epoch} train {tl:.5f} val {float(vl):.5f}")
    if vl < best:
        best = vl
        torch.save(model.state_dict(), "heatmap_best.pth")
