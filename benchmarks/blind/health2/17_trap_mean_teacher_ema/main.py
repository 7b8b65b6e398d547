import argparse

import torch
import torch.nn.functional as F

from meanteacher.data import two_moons_semi
from meanteacher.models import MoonNet
from meanteacher.ema import EMATeacher
from meanteacher.losses import softmax_mse, sigmoid_rampup


def evaluate(model, x, y):
    model.eval()
    with torch.no_grad():
        return (model(x).argmax(1) == y).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--ema-decay", type=float, default=0.95)
    ap.add_argument("--consistency", type=float, default=5.0)
    ap.add_argument("--rampup-epochs", type=int, default=5)
    args = ap.parse_args()
    torch.manual_seed(0)

    (xl, yl), xu, (xv, yv) = two_moons_semi(n_labeled=24, n_unlabeled=1000, n_val=400)
    student = MoonNet(hidden=64, dropout=0.2)
    teacher = EMATeacher(student, decay=args.ema_decay)
    optimizer = torch.optim.Adam(student.parameters(), lr=args.lr)

    steps_per_epoch = 20
    for epoch in range(args.epochs):
        w = args.consistency * sigmoid_rampup(epoch, args.rampup_epochs)
        student.train()
        sup_sum = cons_sum = 0.0
        for _ in range(steps_per_epoch):
            ub = xu[torch.randint(0, len(xu), (128,))]
            noisy_s = ub + 0.1 * torch.randn_like(ub)
            noisy_t = ub + 0.1 * torch.randn_like(ub)
            sup = F.cross_entropy(student(xl + 0.05 * torch.randn_like(xl)), yl)
            cons = softmax_mse(student(noisy_s), teacher(noisy_t))
            loss = sup + w * cons
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            teacher.update(student)
            sup_sum += sup.item()
            cons_sum += cons.item()
        print(f"epoch {epoch + 1:2d}  sup_loss {sup_sum / steps_per_epoch:.4f}  cons_loss {cons_sum / steps_per_epoch:.4f}  "
              f"student_acc {evaluate(student, xv, yv):.3f}  teacher_acc {evaluate(teacher.model, xv, yv):.3f}")


if __name__ == "__main__":
    main()
