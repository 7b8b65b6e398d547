import os
import torch
from torch.utils.data import DataLoader

from yolo.net import vgg11_bn
from yolo.dataset import yoloDataset
from yolo.loss import yoloLoss

use_gpu = torch.cuda.is_available()
learning_rate = 0.001
num_epochs = int(os.environ.get("EPOCHS", 2))
batch_size = 16

net = vgg11_bn()
print('cuda', torch.cuda.current_device() if use_gpu else None, torch.cuda.device_count())
net = torch.nn.DataParallel(net)
if use_gpu:
    net.cuda()

criterion = yoloLoss(7, 2, 5, 0.5)
optimizer = torch.optim.SGD(net.parameters(), lr=learning_rate, momentum=0.9, weight_decay=5e-4)
train_loader = DataLoader(yoloDataset(n=64, seed=0), batch_size=batch_size, shuffle=True)
test_loader = DataLoader(yoloDataset(n=32, seed=1), batch_size=batch_size, shuffle=False)

best_test_loss = float('inf')
for epoch in range(num_epochs):
    net.train()
    total_loss = 0.
    for i, (images, target) in enumerate(train_loader):
        pred = net(images)
        loss = criterion(pred, target)
        total_loss += loss.item()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    net.eval()
    validation_loss = 0.0
    with torch.no_grad():
        for images, target in test_loader:
            validation_loss += criterion(net(images), target).item()
    validation_loss /= len(test_loader)
    print('epoch %d train loss %.4f val loss %.4f' % (epoch, total_loss / len(train_loader), validation_loss))
    if best_test_loss > validation_loss:
        best_test_loss = validation_loss
        print('get best test loss %.5f' % best_test_loss)
        torch.save(net.state_dict(), 'best.pth')
