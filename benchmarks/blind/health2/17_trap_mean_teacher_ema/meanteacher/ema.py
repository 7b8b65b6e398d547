import copy

import torch


class EMATeacher:
    """Mean Teacher (Tarvainen & Valpola, 2017): teacher weights are an exponential moving average of the student."""

    def __init__(self, student, decay=0.99):
        self.decay = decay
        self.model = copy.deepcopy(student)
        for p in self.model.parameters():
            p.requires_grad_(False)
        self.step = 0

    @torch.no_grad()
    def update(self, student):
        self.step += 1
        d = min(self.decay, 1.0 - 1.0 / (self.step + 1))
        for t, s in zip(self.model.parameters(), student.parameters()):
            t.mul_(d).add_(s.detach(), alpha=1.0 - d)
        for tb, sb in zip(self.model.buffers(), student.buffers()):
            tb.copy_(sb)

    @torch.no_grad()
    def __call__(self, x):
        self.model.train()
        return self.model(x)
