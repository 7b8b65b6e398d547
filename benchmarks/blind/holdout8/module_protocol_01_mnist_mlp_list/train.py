import torch
import torch.nn as nn
import torch.optim as optim

from model import MLP
from utils import load_mnist_like, evaluate

# hyperparameters
batch_size = 64
learning_rate = 0.01
epochs = 2
log_interval = 5

train_loader, test_loader = load_mnist_like(batch_size=batch_size)

model = MLP()
print(model)
criterion = nn.CrossEntropyLoss()
optimizer = optim.SGD(model.parameters(), lr=learning_rate, momentum=0.5)

for epoch in range(1, epochs + 1):
    model.train()
    for batch_idx, (data, target) in enumerate(train_loader):
        optimizer.zero_grad()
        output = model(data)
        loss = criterion(output, target)
        loss.backward()
        optimizer.step()
        if batch_idx % log_interval == 0:
            print('Train Epoch: {} [{}/{} ({:.0f}%)]\tLoss: {:.6f}'.format(
                epoch, batch_idx * len(data), len(train_loader.dataset),
                100. * batch_idx / len(train_loader), loss.item()))
    test_loss, acc = evaluate(model, test_loader, criterion)
    print('Test set: Average loss: {:.4f}, Accuracy: {:.1f}%'.format(test_loss, 100. * acc))

torch.save(model.state_dict(), "mnist_mlp.pt")
