import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, model, train_set, lr=1e-3, epochs=2, batch_size=128, seed=0):
        self.model = model
        self.epochs = epochs
        torch.manual_seed(seed)
        self.loader = DataLoader(train_set, batch_size=batch_size, shuffle=True)
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def train_step(self, pts, labels):
        logits = self.model(pts)
        loss = F.cross_entropy(logits, labels)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item(), (logits.argmax(1) == labels).float().mean().item()

    def fit(self):
        for epoch in range(self.epochs):
            self.model.train()
            stats = [self.train_step(pts, labels) for pts, labels in self.loader]
            loss = sum(s[0] for s in stats) / len(stats)
            acc = sum(s[1] for s in stats) / len(stats)
            print(f"epoch {epoch}: loss {loss:.4f} acc {acc:.3f}")
