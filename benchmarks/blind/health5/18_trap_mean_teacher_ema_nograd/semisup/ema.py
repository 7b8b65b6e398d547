import copy

import torch


class EMATeacher:
    """Mean-teacher: a copy of the student whose weights track an exponential moving average.
    The teacher is never optimised; it receives no gradients by design."""

    def __init__(self, student, decay=0.99):
        self.model = copy.deepcopy(student)
        self.decay = decay
        for p in self.model.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def update(self, student):
        for t, s in zip(self.model.parameters(), student.parameters()):
            t.mul_(self.decay).add_(s.detach(), alpha=1 - self.decay)
        for tb, sb in zip(self.model.buffers(), student.buffers()):
            tb.copy_(sb)

    @torch.no_grad()
    def predict(self, x):
        return self.model(x)
