import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from model import ConvAutoencoder
from utils import fake_digits, get_device, load_model, save_checkpoint

torch.manual_seed(0)
device = get_device()

train_data = fake_digits(640, seed=0)
test_data = fake_digits(128, seed=1)
train_loader = DataLoader(TensorDataset(train_data), batch_size=64, shuffle=True)

model = ConvAutoencoder()
# use all GPUs if we have them
model = nn.DataParallel(model)
model.to(device)

criterion = nn.MSELoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

num_epochs = 2
for epoch in range(num_epochs):
    total_loss = 0
    for (img,) in train_loader:
        img = img.to(device)
        output = model(img)
        loss = criterion(output, img)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total_loss += loss.item()
    print('epoch [{}/{}], loss:{:.4f}'.format(epoch + 1, num_epochs, total_loss / len(train_loader)))
    save_checkpoint(model, optimizer, epoch, "checkpoints/autoencoder.pth")

# reload the best model for inference
best = load_model("checkpoints/autoencoder.pth", device)
with torch.no_grad():
    recon = best(test_data.to(device))
    test_mse = criterion(recon, test_data.to(device)).item()
print(f"test reconstruction MSE: {test_mse:.4f}")
