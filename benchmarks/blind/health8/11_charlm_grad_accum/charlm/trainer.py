import torch
import torch.nn.functional as F


class Trainer:
    """Small-batch trainer: gradients of `accum_steps` micro-batches are summed
    before every optimizer step, so the effective batch is batch_size * accum_steps."""

    def __init__(self, model, optimizer, accum_steps=4, grad_clip=1.0):
        self.model = model
        self.optimizer = optimizer
        self.accum_steps = accum_steps
        self.grad_clip = grad_clip

    def train_epoch(self, loader):
        self.model.train()
        running, n = 0.0, 0
        self.optimizer.zero_grad(set_to_none=True)
        for step, (x, y) in enumerate(loader, start=1):
            logits = self.model(x)
            loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), y.reshape(-1))
            (loss / self.accum_steps).backward()
            running += loss.item()
            n += 1
            if step % self.accum_steps == 0 or step == len(loader):
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.grad_clip)
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
        return running / n

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        total, n = 0.0, 0
        for x, y in loader:
            logits = self.model(x)
            total += F.cross_entropy(logits.reshape(-1, logits.size(-1)), y.reshape(-1)).item()
            n += 1
        return total / n
