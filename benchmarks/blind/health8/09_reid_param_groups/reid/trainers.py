import torch


class Trainer:
    def __init__(self, model, criterion):
        self.model = model
        self.criterion = criterion

    def train(self, epoch, data_loader, optimizer, print_freq=0):
        self.model.train()
        total, n = 0.0, 0
        for i, (imgs, pids) in enumerate(data_loader):
            outputs = self.model(imgs)
            loss = self.criterion(outputs, pids)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.item() * len(pids)
            n += len(pids)
        return total / n
