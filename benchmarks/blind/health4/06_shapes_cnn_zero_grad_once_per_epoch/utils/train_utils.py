import torch


def train_one_epoch(model, loader, optimizer, criterion, epoch, log_interval=10):
    model.train()
    optimizer.zero_grad()
    for batch_idx, (data, target) in enumerate(loader):
        output = model(data)
        loss = criterion(output, target)
        loss.backward()
        optimizer.step()
        if batch_idx % log_interval == 0:
            print('Train Epoch: {} [{}/{}]\tLoss: {:.6f}'.format(
                epoch, batch_idx * len(data), len(loader.dataset), loss.item()))


def evaluate(model, loader):
    model.eval()
    correct = 0
    with torch.no_grad():
        for data, target in loader:
            correct += (model(data).argmax(1) == target).sum().item()
    return correct / len(loader.dataset)
