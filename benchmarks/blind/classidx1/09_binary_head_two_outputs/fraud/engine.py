import torch
import torch.nn as nn

LOSSES = {'bce_with_logits': nn.BCEWithLogitsLoss, 'cross_entropy': nn.CrossEntropyLoss}


class Engine:
    def __init__(self, model, cfg):
        self.model = model
        self.criterion = LOSSES[cfg['train']['loss']]()
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg['optim']['lr'],
                                          weight_decay=cfg['optim']['weight_decay'])

    def train_one_epoch(self, loader):
        self.model.train()
        total, n = 0.0, 0
        for x, y in loader:
            logits = self.model(x)
            loss = self.criterion(logits, y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            total += loss.item() * x.size(0)
            n += x.size(0)
        return total / n

    @torch.no_grad()
    def validate(self, loader):
        self.model.eval()
        scores, targets = [], []
        for x, y in loader:
            scores.append(torch.sigmoid(self.model(x))[:, -1])
            targets.append(y.view(-1))
        s, t = torch.cat(scores), torch.cat(targets)
        pos, neg = s[t == 1], s[t == 0]
        auc = (pos[:, None] > neg[None, :]).float().mean().item()
        return auc
