import torch


class MultiLabelMAPEngine:
    def __init__(self, model, criterion, optimizer, inp):
        self.model = model
        self.criterion = criterion
        self.optimizer = optimizer
        self.inp = inp

    def train(self, loader, epoch):
        self.model.train()
        total, n = 0.0, 0
        for img, target in loader:
            output = self.model(img, self.inp)
            loss = self.criterion(output, target)
            self.optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm=10.0)
            self.optimizer.step()
            total += loss.item() * len(img)
            n += len(img)
        return total / n

    @torch.no_grad()
    def validate(self, loader):
        self.model.eval()
        correct, n = 0.0, 0
        for img, target in loader:
            pred = (self.model(img, self.inp) > 0).float()
            correct += (pred == target).float().mean(1).sum().item()
            n += len(img)
        return correct / n
