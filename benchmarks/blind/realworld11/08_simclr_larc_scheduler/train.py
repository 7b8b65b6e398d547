import argparse

import torch
from torch.utils.data import DataLoader

from simclr.data import TwoViewDataset
from simclr.modules import Encoder, SimCLR, NT_Xent
from simclr.optim.larc import LARC
from simclr.optim.schedules import WarmupLinearSchedule


def get_optimizer(args, model):
    optimizer = torch.optim.SGD(model.parameters(), lr=args.learning_rate, momentum=0.9, weight_decay=1e-6)
    if args.larc:
        optimizer = LARC(optimizer=optimizer, trust_coefficient=0.001, clip=False)
    return optimizer


def train(args, loader, model, criterion, optimizer, scheduler):
    loss_epoch = 0
    for step, (x_i, x_j, _) in enumerate(loader):
        optimizer.zero_grad()
        _, _, z_i, z_j = model(x_i, x_j)
        loss = criterion(z_i, z_j)
        loss.backward()
        optimizer.step()
        scheduler.step()
        loss_epoch += loss.item()
    return loss_epoch / len(loader)


def main():
    parser = argparse.ArgumentParser(description="SimCLR")
    parser.add_argument("--batch_size", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--learning_rate", type=float, default=0.5)
    parser.add_argument("--warmup_proportion", type=float, default=0.1)
    parser.add_argument("--temperature", type=float, default=0.5)
    parser.add_argument("--larc", type=int, default=1)
    args = parser.parse_args()

    torch.manual_seed(0)
    train_dataset = TwoViewDataset(512)
    train_loader = DataLoader(train_dataset, batch_size=args.batch_size, shuffle=True, drop_last=True)

    model = SimCLR(Encoder())
    criterion = NT_Xent(args.temperature)
    optimizer = get_optimizer(args, model)
    num_train_optimization_steps = len(train_loader) * args.epochs
    scheduler = WarmupLinearSchedule(
        optimizer,
        warmup_steps=args.warmup_proportion * num_train_optimization_steps,
        t_total=num_train_optimization_steps,
    )

    for epoch in range(args.epochs):
        loss_epoch = train(args, train_loader, model, criterion, optimizer, scheduler)
        print(f"Epoch [{epoch}/{args.epochs}]\t Loss: {loss_epoch}")


if __name__ == "__main__":
    main()
