import torch
import torch.nn.functional as F


class Engine:
    def __init__(self, model, optimizer, grad_clip=1.0):
        self.model = model
        self.optimizer = optimizer
        self.grad_clip = grad_clip

    def train_step(self, tokens, labels):
        logits = self.model(tokens)
        loss = F.cross_entropy(logits, labels)
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.grad_clip)
        self.optimizer.step()
        return loss.item()

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        correct = total = 0
        for tokens, labels in loader:
            correct += (self.model(tokens).argmax(-1) == labels).sum().item()
            total += labels.numel()
        return correct / total

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(1, epochs + 1):
            self.model.train()
            losses = [self.train_step(t, y) for t, y in train_loader]
            acc = self.evaluate(val_loader)
            print(f"epoch {epoch}/{epochs} - loss: {sum(losses) / len(losses):.4f} - val_acc: {acc:.4f}")
