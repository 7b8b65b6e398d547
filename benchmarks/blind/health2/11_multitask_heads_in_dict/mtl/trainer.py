import torch
import torch.nn.functional as F


class MultiTaskTrainer:
    def __init__(self, model, optimizer, tasks, task_weights, device="cpu"):
        self.model = model
        self.optimizer = optimizer
        self.tasks = tasks
        self.task_weights = task_weights
        self.device = device

    def _losses(self, outputs, fault, rul):
        return {
            "fault": F.cross_entropy(outputs["fault"], fault),
            "rul": F.mse_loss(outputs["rul"], rul),
        }

    def train_epoch(self, loader):
        self.model.train()
        sums = {"loss": 0.0, "fault": 0.0, "rul": 0.0}
        for x, fault, rul in loader:
            x, fault, rul = x.to(self.device), fault.to(self.device), rul.to(self.device)
            losses = self._losses(self.model(x), fault, rul)
            loss = sum(self.task_weights[k] * v for k, v in losses.items())
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            sums["loss"] += loss.item()
            for k, v in losses.items():
                sums[k] += v.item()
        return {k: v / len(loader) for k, v in sums.items()}

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        correct, n, mse = 0, 0, 0.0
        for x, fault, rul in loader:
            out = self.model(x.to(self.device))
            correct += (out["fault"].argmax(1) == fault).sum().item()
            mse += F.mse_loss(out["rul"], rul, reduction="sum").item()
            n += fault.size(0)
        return {"acc": correct / n, "rul_mse": mse / n}
