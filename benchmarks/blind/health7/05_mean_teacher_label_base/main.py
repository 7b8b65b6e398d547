import argparse
import os
import tempfile
from functools import partial

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from mt.data import NO_LABEL, AnnotatedPoints, write_annotations
from mt.ema import create_ema_model, update_ema_variables
from mt.model import Net


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--num-classes", type=int, default=10)
    p.add_argument("--dim", type=int, default=16)
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--ema-decay", type=float, default=0.99)
    p.add_argument("--consistency", type=float, default=1.0)
    return p.parse_args()


def main():
    args = parse()
    torch.manual_seed(0)
    ann = os.path.join(tempfile.mkdtemp(), "train.txt")
    write_annotations(ann, 600, args.num_classes, args.dim, labeled_frac=0.3, seed=0)
    loader = DataLoader(AnnotatedPoints(ann), batch_size=args.batch_size, shuffle=True)

    factory = partial(Net, args.dim, args.num_classes)
    model = factory()
    ema_model = create_ema_model(factory)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    class_criterion = torch.nn.CrossEntropyLoss(reduction="sum", ignore_index=NO_LABEL)

    global_step = 0
    for epoch in range(args.epochs):
        model.train()
        ema_model.train()
        tot_class = tot_cons = 0.0
        for (x_student, x_teacher), target in loader:
            out = model(x_student)
            ema_out = ema_model(x_teacher)
            class_loss = class_criterion(out, target) / target.size(0)
            consistency_loss = F.mse_loss(F.softmax(out, 1), F.softmax(ema_out, 1))
            loss = class_loss + args.consistency * consistency_loss
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            global_step += 1
            update_ema_variables(model, ema_model, args.ema_decay, global_step)
            tot_class += class_loss.item()
            tot_cons += consistency_loss.item()
        n = len(loader)
        print(f"epoch {epoch} class {tot_class / n:.4f} consistency {tot_cons / n:.5f}")


if __name__ == "__main__":
    main()
