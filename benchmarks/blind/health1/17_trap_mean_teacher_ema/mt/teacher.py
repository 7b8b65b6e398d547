import copy

import torch


class EMATeacher:
    """Mean-teacher: an exponential moving average of the student's weights, never trained by backprop."""

    def __init__(self, student, decay=0.99):
        self.decay = decay
        self.model = copy.deepcopy(student)
        for p in self.model.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def update(self, student, step):
        decay = min(self.decay, (step + 1) / (step + 10))
        for t, s in zip(self.model.parameters(), student.parameters()):
            t.mul_(decay).add_(s.detach(), alpha=1.0 - decay)

    @torch.no_grad()
    def predict(self, x):
        return torch.softmax(self.model(x), dim=-1)


def consistency_weight(step, max_weight=5.0, rampup_steps=40):
    t = min(step, rampup_steps) / rampup_steps
    return max_weight * float(torch.exp(torch.tensor(-5.0 * (1.0 - t) ** 2)))
