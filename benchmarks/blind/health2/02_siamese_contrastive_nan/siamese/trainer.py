import torch


class Trainer:
    def __init__(self, model, criterion, optimizer, sampler, batch_size=64):
        self.model = model
        self.criterion = criterion
        self.optimizer = optimizer
        self.sampler = sampler
        self.batch_size = batch_size

    def train_epoch(self):
        self.model.train()
        xa, xb, same = self.sampler.epoch_pairs()
        total, count = 0.0, 0
        for start in range(0, len(same), self.batch_size):
            a = xa[start:start + self.batch_size]
            b = xb[start:start + self.batch_size]
            s = same[start:start + self.batch_size]
            e1, e2 = self.model(a, b)
            loss = self.criterion(e1, e2, s)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            total += loss.item() * len(s)
            count += len(s)
        return total / count

    @torch.no_grad()
    def pair_accuracy(self, threshold=0.5):
        self.model.eval()
        xa, xb, same = self.sampler.epoch_pairs()
        e1, e2 = self.model(xa, xb)
        d = (e1 - e2).norm(dim=1)
        pred = (d < threshold).float()
        return (pred == same).float().mean().item()

    def fit(self, epochs):
        for epoch in range(1, epochs + 1):
            loss = self.train_epoch()
            acc = self.pair_accuracy()
            print(f"[epoch {epoch:03d}] contrastive_loss {loss:.5f} | pair_acc {acc:.3f}")
