import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class RACNN(nn.Module):
    """Three scales: a classifier on the full image and on two zoomed crops."""
    def __init__(self, num_classes):
        super(RACNN, self).__init__()
        self.features = nn.ModuleList([
            nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(4), nn.Flatten())
            for _ in range(3)])
        self.classifiers = nn.ModuleList([nn.Linear(8 * 16, num_classes) for _ in range(3)])

    def forward(self, x):
        scores = []
        for i in range(3):
            scores.append(self.classifiers[i](self.features[i](x)))
            h, w = x.shape[-2:]
            x = F.interpolate(x[:, :, h // 4: 3 * h // 4, w // 4: 3 * w // 4], size=(h, w), mode='bilinear', align_corners=False)
        return scores


class Manager(object):
    def __init__(self, model, loader, margin=0.05):
        self.model = model
        self.loader = loader
        self.margin = margin
        self.criterion_class = nn.CrossEntropyLoss()

    def criterion_rank(self, scores1, scores2, target):
        ps1 = F.softmax(scores1, dim=1).gather(1, target.long().view(-1, 1))
        ps2 = F.softmax(scores2, dim=1).gather(1, target.long().view(-1, 1))
        return torch.clamp(ps1 - ps2 + self.margin, min=0)

    def do_batch(self, optimizer, batch, label, optimize_class=True):
        self.model.zero_grad()
        scores = self.model(batch)
        if optimize_class:
            loss = sum(self.criterion_class(s, label) for s in scores)
            loss.backward()
        else:
            loss = 0
            for i in range(1, len(scores)):
                retain_graph = i < len(scores) - 1
                rank_loss = self.criterion_rank(scores[i-1], scores[i], label)
                rank_loss.backward(retain_graph=retain_graph)
                loss += rank_loss
        optimizer.step()
        return loss

    def do_epoch(self, epoch_idx, optimizer, optimize_class=True):
        for batch, label in self.loader:
            loss = self.do_batch(optimizer, batch, label, optimize_class=optimize_class)
        print('epoch {} ({}) loss {:.4f}'.format(epoch_idx, 'class' if optimize_class else 'rank', float(loss)))

    def train(self, epochs):
        optimizer = torch.optim.SGD(self.model.parameters(), lr=0.01, momentum=0.9)
        for epoch_idx in range(epochs):
            optimize_class = epoch_idx % 2 == 0
            self.do_epoch(epoch_idx, optimizer, optimize_class=optimize_class)


if __name__ == '__main__':
    torch.manual_seed(0)
    images = torch.randn(64, 3, 32, 32)
    labels = torch.randint(0, 10, (64,))
    loader = DataLoader(TensorDataset(images, labels), batch_size=32, shuffle=True)
    manager = Manager(RACNN(num_classes=10), loader)
    manager.train(epochs=4)
