import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, model, train_set, lr=1e-3, epochs=2, batch_size=16, accum_steps=8, seed=0):
        self.model = model
        self.epochs = epochs
        self.accum_steps = accum_steps
        torch.manual_seed(seed)
        self.loader = DataLoader(train_set, batch_size=batch_size, shuffle=True)
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def train_step(self, step, pts, labels):
        logits = self.model(pts)
        loss = F.cross_entropy(logits, labels)
        (loss / self.accum_steps).backward()
        if (step + 1) % self.accum_steps == 0 or step + 1 == len(self.loader):
            self.optimizer.step()
            self.optimizer.zero_grad()
        return loss.item(), (logits.argmax(1) == labels).float().mean().item()

    def fit(self):
        for epoch in range(self.epochs):
            self.model.train()
            self.optimizer.zero_grad()
            stats = [self.train_step(step, pts, labels) for step, (pts, labels) in enumerate(self.loader)]
            loss = sum(s[0] for s in stats) / len(stats)
            acc = sum(s[1] for s in stats) / len(stats)
            print(f"epoch {epoch}: loss {loss:.4f} acc {acc:.3f}")
