import copy

import torch
import torch.nn.functional as F


class MeanTeacher:
    def __init__(self, student, ema_decay=0.99, consistency_weight=1.0, lr=1e-3):
        self.student = student
        self.teacher = copy.deepcopy(student)
        for p in self.teacher.parameters():       # the teacher is never trained by gradient:
            p.requires_grad_(False)               # it is an exponential moving average of the student
        self.ema_decay = ema_decay
        self.w = consistency_weight
        self.opt = torch.optim.Adam(self.student.parameters(), lr=lr)

    @torch.no_grad()
    def update_teacher(self):
        for t, s in zip(self.teacher.parameters(), self.student.parameters()):
            t.mul_(self.ema_decay).add_(s.detach(), alpha=1 - self.ema_decay)

    def train_epoch(self, x_lab, y_lab, x_unlab, batch_size=128):
        self.student.train(); self.teacher.train()
        perm = torch.randperm(len(x_unlab))
        tot = {"loss": 0.0, "sup": 0.0, "cons": 0.0}
        steps = 0
        for i in range(0, len(x_unlab), batch_size):
            xu = x_unlab[perm[i:i + batch_size]]
            sup = F.cross_entropy(self.student(x_lab), y_lab)
            noisy = xu + 0.05 * torch.randn_like(xu)
            with torch.no_grad():
                target = F.softmax(self.teacher(noisy + 0.05 * torch.randn_like(xu)), dim=1)
            cons = F.mse_loss(F.softmax(self.student(noisy), dim=1), target.detach())
            loss = sup + self.w * cons
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.update_teacher()
            tot["loss"] += loss.item(); tot["sup"] += sup.item(); tot["cons"] += cons.item(); steps += 1
        return {k: v / steps for k, v in tot.items()}
