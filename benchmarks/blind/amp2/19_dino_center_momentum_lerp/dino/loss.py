import torch
import torch.nn as nn
import torch.nn.functional as F


class DINOLoss(nn.Module):
    def __init__(self, out_dim, teacher_temp=0.04, student_temp=0.1, center_momentum=0.9):
        super().__init__()
        self.student_temp, self.teacher_temp = student_temp, teacher_temp
        self.center_momentum = center_momentum
        self.register_buffer("center", torch.zeros(1, out_dim))

    def forward(self, student_output, teacher_output):
        """student_output / teacher_output: [2 * B, out_dim], the two global views stacked."""
        s = (student_output / self.student_temp).chunk(2)
        t = F.softmax((teacher_output - self.center) / self.teacher_temp, dim=-1).detach().chunk(2)
        total, n = 0.0, 0
        for iq, q in enumerate(t):
            for v, sv in enumerate(s):
                if v == iq:
                    continue
                total = total + torch.sum(-q * F.log_softmax(sv, dim=-1), dim=-1).mean()
                n += 1
        self.update_center(teacher_output)
        return total / n

    @torch.no_grad()
    def update_center(self, teacher_output):
        batch_center = teacher_output.mean(dim=0, keepdim=True)
        self.center.lerp_(batch_center, 1 - self.center_momentum)
