import sys

import torch


def iou_score(pr, gt, n_classes, eps=1e-7):
    pr = pr.argmax(dim=1)
    gt = gt.long()
    scores = []
    for c in range(1, n_classes):
        inter = ((pr == c) & (gt == c)).sum().float()
        union = ((pr == c) | (gt == c)).sum().float()
        scores.append((inter + eps) / (union + eps))
    return torch.stack(scores).mean().item()


class Epoch:
    def __init__(self, model, loss, stage_name, device="cpu", verbose=True):
        self.model = model
        self.loss = loss
        self.stage_name = stage_name
        self.verbose = verbose
        self.device = device
        self.model.to(self.device)

    def batch_update(self, x, y):
        raise NotImplementedError

    def on_epoch_start(self):
        pass

    def run(self, dataloader):
        self.on_epoch_start()
        loss_sum, iou_sum, n = 0.0, 0.0, 0
        for x, y in dataloader:
            x, y = x.to(self.device), y.to(self.device)
            loss, y_pred = self.batch_update(x, y)
            loss_sum += loss.item()
            iou_sum += iou_score(y_pred.detach(), y, y_pred.shape[1])
            n += 1
        logs = {self.loss.__class__.__name__: loss_sum / n, "iou": iou_sum / n}
        if self.verbose:
            print(self.stage_name, logs, file=sys.stdout)
        return logs


class TrainEpoch(Epoch):
    def __init__(self, model, loss, optimizer, device="cpu", verbose=True):
        super().__init__(model, loss, "train", device, verbose)
        self.optimizer = optimizer

    def on_epoch_start(self):
        self.model.train()

    def batch_update(self, x, y):
        self.optimizer.zero_grad()
        prediction = self.model.forward(x)
        loss = self.loss(prediction, y)
        loss.backward()
        self.optimizer.step()
        return loss, prediction


class ValidEpoch(Epoch):
    def __init__(self, model, loss, device="cpu", verbose=True):
        super().__init__(model, loss, "valid", device, verbose)

    def on_epoch_start(self):
        self.model.eval()

    def batch_update(self, x, y):
        with torch.no_grad():
            prediction = self.model.forward(x)
            loss = self.loss(prediction, y)
        return loss, prediction
