import copy
import math
import time

import torch

from dino.data import make_loader
from dino.heads import Backbone, DINOHead, MultiCropWrapper
from dino.loss import DINOLoss


class DINOTrainer:
    def __init__(self, args):
        self.args = args
        self.loader = make_loader(args.batch_size)
        self.student = MultiCropWrapper(Backbone(), DINOHead(128, args.out_dim))
        self.teacher = copy.deepcopy(self.student)
        for p in self.teacher.parameters():
            p.requires_grad = False
        self.criterion = DINOLoss(args.out_dim, teacher_temp=args.teacher_temp)
        self.opt = torch.optim.AdamW(self.student.parameters(), lr=5e-4, weight_decay=0.04)
        self.total_steps = args.epochs * len(self.loader)

    def momentum(self, step):
        m0 = self.args.momentum_teacher
        return 1 - (1 - m0) * (math.cos(math.pi * step / self.total_steps) + 1) / 2

    @torch.no_grad()
    def update_teacher(self, m):
        for ps, pt in zip(self.student.parameters(), self.teacher.parameters()):
            pt.mul_(m).add_(ps.detach(), alpha=1 - m)

    def train(self):
        step = 0
        for epoch in range(self.args.epochs):
            t0 = time.time()
            for v1, v2 in self.loader:
                views = torch.cat([v1, v2])
                with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bool(self.args.use_bf16)):
                    teacher_out = self.teacher(views)
                    student_out = self.student(views)
                    loss = self.criterion(student_out, teacher_out)
                self.opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.student.parameters(), 3.0)
                self.opt.step()
                self.update_teacher(self.momentum(step))
                step += 1
            print(f"epoch {epoch}: loss {loss.item():.4f}  center norm {self.criterion.center.norm():.3f}  "
                  f"({time.time() - t0:.1f}s)")
