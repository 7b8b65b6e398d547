import torch


class Learner:
    def __init__(self, model, criterion, optimizer, device):
        self.model = model
        self.criterion = criterion
        self.optimizer = optimizer
        self.device = device

    def fit_epoch(self, iterator):
        self.model.train()
        total, n = 0.0, 0
        for x, y, _ in iterator:
            x, y = x.to(self.device), y.to(self.device)
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            total += loss.item() * y.size(0)
            n += y.size(0)
        return total / n

    def get_param_tensor(self):
        return [p.data.clone() for p in self.model.parameters()]


def average_learners(learners, target, weights):
    with torch.no_grad():
        for p_t, *ps in zip(target.model.parameters(), *[l.model.parameters() for l in learners]):
            p_t.copy_(sum(w * p for w, p in zip(weights, ps)))
        for l in learners:
            for p_l, p_t in zip(l.model.parameters(), target.model.parameters()):
                p_l.copy_(p_t)
