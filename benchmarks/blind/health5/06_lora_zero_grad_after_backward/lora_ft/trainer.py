import torch
import torch.nn.functional as F


class LoraTrainer:
    def __init__(self, model, params, lr=1e-3, weight_decay=0.0, max_grad_norm=1.0, total_steps=100):
        self.model = model
        self.params = params
        self.optimizer = torch.optim.AdamW(params, lr=lr, weight_decay=weight_decay)
        self.lr_scheduler = torch.optim.lr_scheduler.LambdaLR(
            self.optimizer, lambda s: max(0.0, 1.0 - s / total_steps))
        self.max_grad_norm = max_grad_norm

    def training_step(self, batch):
        ids, labels = batch
        logits = self.model(ids)
        loss = F.cross_entropy(logits, labels)
        loss.backward()
        self.optimizer.zero_grad()
        grad_norm = torch.nn.utils.clip_grad_norm_(self.params, self.max_grad_norm)
        self.optimizer.step()
        self.lr_scheduler.step()
        return loss.detach(), grad_norm

    def train_epoch(self, loader, epoch):
        self.model.train()
        losses = []
        for step, batch in enumerate(loader):
            loss, gn = self.training_step(batch)
            losses.append(loss.item())
            if step % 10 == 0:
                print(f"  epoch {epoch} step {step:3d} loss {loss.item():.4f} grad_norm {float(gn):.4f}")
        return sum(losses) / len(losses)
