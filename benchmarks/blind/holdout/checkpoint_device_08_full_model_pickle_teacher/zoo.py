import os

import torch
import torch.nn as nn
import torch.nn.functional as F


class TeacherNet(nn.Module):
    def __init__(self, d_in=32, width=256, n_classes=8):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(d_in, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(),
        )
        self.out = nn.Linear(width, n_classes)

    def forward(self, x):
        return self.out(self.body(x))


class StudentNet(nn.Module):
    def __init__(self, d_in=32, width=32, n_classes=8):
        super().__init__()
        self.fc1 = nn.Linear(d_in, width)
        self.fc2 = nn.Linear(width, n_classes)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


def export_teacher(model, path):
    """Teachers are shipped as whole pickled modules so the distillation job
    does not need to know their constructor arguments."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    torch.save(model, path)


def load_teacher(path):
    teacher = torch.load(path, map_location="cpu")
    teacher.eval()
    for p in teacher.parameters():
        p.requires_grad_(False)
    return teacher
