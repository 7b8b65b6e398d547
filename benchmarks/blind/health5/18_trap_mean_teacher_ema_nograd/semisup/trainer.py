import torch
import torch.nn.functional as F

from semisup.ema import EMATeacher


class MeanTeacherTrainer:
    def __init__(self, student, lr=3e-3, ema_decay=0.99, consistency=1.0, noise=0.15):
        self.student = student
        self.teacher = EMATeacher(student, ema_decay)
        self.opt = torch.optim.Adam(student.parameters(), lr=lr)
        self.consistency = consistency
        self.noise = noise

    def step(self, xl, yl, xu):
        self.student.train()
        sup = F.cross_entropy(self.student(xl + self.noise * torch.randn_like(xl)), yl)
        target = F.softmax(self.teacher.predict(xu + self.noise * torch.randn_like(xu)), -1).detach()
        cons = F.mse_loss(F.softmax(self.student(xu + self.noise * torch.randn_like(xu)), -1), target)
        loss = sup + self.consistency * cons
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.teacher.update(self.student)
        return sup.item(), cons.item()
