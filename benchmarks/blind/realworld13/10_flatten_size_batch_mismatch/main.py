import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, random_split

from dataset import ShapesDataset
from model import ConvNet

config = {
    'batch_size': 32,
    'epochs': 4,
    'lr': 0.001,
    'num_classes': 4,
}

torch.manual_seed(42)
full = ShapesDataset(n=160)
train_set, val_set = random_split(full, [128, 32])
train_loader = DataLoader(train_set, batch_size=config['batch_size'], shuffle=True)
val_loader = DataLoader(val_set, batch_size=config['batch_size'])

model = ConvNet(num_classes=config['num_classes'])
criterion = nn.CrossEntropyLoss()
optimizer = optim.Adam(model.parameters(), lr=config['lr'])

for epoch in range(config['epochs']):
    model.train()
    running_loss = 0.0
    for inputs, labels in train_loader:
        optimizer.zero_grad()
        outputs = model(inputs)
        loss = criterion(outputs, labels)
        loss.backward()
        optimizer.step()
        running_loss += loss.item() * inputs.size(0)
    model.eval()
    correct = 0
    with torch.no_grad():
        for inputs, labels in val_loader:
            correct += (model(inputs).argmax(1) == labels).sum().item()
    print(f"Epoch {epoch + 1}: loss {running_loss / len(train_set):.4f}, val acc {correct / len(val_set):.3f}")
