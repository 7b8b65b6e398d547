import torch
import torch.nn as nn

from semisup.data import two_moons_like
from semisup.trainer import MeanTeacherTrainer

torch.manual_seed(0)
(xl, yl), xu = two_moons_like()
student = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 2))
trainer = MeanTeacherTrainer(student)
for epoch in range(4):
    perm = torch.randperm(len(xu))
    sups, conss = [], []
    for i in range(0, len(xu), 100):
        s, c = trainer.step(xl, yl, xu[perm[i:i + 100]])
        sups.append(s); conss.append(c)
    print(f"epoch {epoch} supervised_ce {sum(sups) / len(sups):.4f} consistency {sum(conss) / len(conss):.5f}")
