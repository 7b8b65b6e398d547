import argparse

import torch
import torch.nn.functional as F

from mt.data import SemiSupervisedSplit
from mt.model import Classifier
from mt.teacher import EMATeacher, consistency_weight


def augment(x, generator, std=0.05):
    return x + std * torch.randn(x.shape, generator=generator)


def main():
    ap = argparse.ArgumentParser(description="Mean-teacher semi-supervised training")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--ema-decay", type=float, default=0.99)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    torch.manual_seed(args.seed)
    data = SemiSupervisedSplit(seed=args.seed)
    student = Classifier()
    teacher = EMATeacher(student, decay=args.ema_decay)
    optimizer = torch.optim.Adam(student.parameters(), lr=args.lr)
    g = torch.Generator().manual_seed(args.seed)

    step = 0
    for epoch in range(1, args.epochs + 1):
        student.train()
        teacher.model.train()
        sup_sum = cons_sum = 0.0
        n = 0
        for x_l, y_l, x_u in data.iterate(16, 64, g):
            sup = F.cross_entropy(student(augment(x_l, g)), y_l)
            target = teacher.predict(augment(x_u, g))
            cons = F.mse_loss(torch.softmax(student(augment(x_u, g)), dim=-1), target)
            loss = sup + consistency_weight(step) * cons
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            teacher.update(student, step)
            step += 1
            sup_sum += sup.item()
            cons_sum += cons.item()
            n += 1
        teacher.model.eval()
        student.eval()
        with torch.no_grad():
            acc_s = (student(data.x_test).argmax(1) == data.y_test).float().mean().item()
            acc_t = (teacher.model(data.x_test).argmax(1) == data.y_test).float().mean().item()
        print(f"epoch {epoch}: sup_loss {sup_sum / n:.4f} cons_loss {cons_sum / n:.5f} acc_student {acc_s:.3f} acc_teacher {acc_t:.3f}")


if __name__ == "__main__":
    main()
