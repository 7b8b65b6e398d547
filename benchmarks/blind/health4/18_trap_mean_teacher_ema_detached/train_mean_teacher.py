"""Mean Teacher (Tarvainen & Valpola 2017) on a two-moons-like problem with few labels."""
import torch

from semi.data import moons
from semi.nets import make_net
from semi.mean_teacher import MeanTeacher

torch.manual_seed(0)
x_lab, y_lab, x_unlab = moons(n_labeled=64, n_unlabeled=2048)
mt = MeanTeacher(make_net(), ema_decay=0.99, consistency_weight=2.0, lr=3e-3)
for epoch in range(4):
    stats = mt.train_epoch(x_lab, y_lab, x_unlab, batch_size=128)
    print(f"epoch {epoch} loss={stats['loss']:.4f} sup={stats['sup']:.4f} cons={stats['cons']:.4f}")
