import argparse
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from zoo import StudentNet, TeacherNet, export_teacher, load_teacher


def make_data(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 32, generator=g)
    w = torch.randn(32, 8, generator=g)
    return TensorDataset(x, (x @ w).argmax(1))


def train_teacher(loader, epochs=3):
    teacher = TeacherNet()
    opt = torch.optim.Adam(teacher.parameters(), lr=1e-3)
    for _ in range(epochs):
        for x, y in loader:
            loss = F.cross_entropy(teacher(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return teacher


def kd_loss(student_logits, teacher_logits, labels, T=4.0, alpha=0.7):
    soft = F.kl_div(F.log_softmax(student_logits / T, -1), F.softmax(teacher_logits / T, -1),
                    reduction="batchmean") * T * T
    return alpha * soft + (1 - alpha) * F.cross_entropy(student_logits, labels)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--teacher", default="artifacts/teacher.pt")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch-size", type=int, default=64)
    args = ap.parse_args()
    torch.manual_seed(0)
    train_dl = DataLoader(make_data(512, 0), batch_size=args.batch_size, shuffle=True)
    test_x, test_y = make_data(128, 1).tensors

    if not os.path.exists(args.teacher):
        print("no teacher found, training one")
        export_teacher(train_teacher(train_dl), args.teacher)
    teacher = load_teacher(args.teacher)

    student = StudentNet()
    opt = torch.optim.Adam(student.parameters(), lr=3e-3)
    for epoch in range(args.epochs):
        student.train()
        for x, y in train_dl:
            with torch.no_grad():
                t_logits = teacher(x)
            loss = kd_loss(student(x), t_logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            acc = (student(test_x).argmax(1) == test_y).float().mean()
        print(f"epoch {epoch}: kd loss {loss.item():.4f} student acc {acc:.3f}")


if __name__ == "__main__":
    main()
