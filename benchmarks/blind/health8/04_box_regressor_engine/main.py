import argparse

import torch
from torch.utils.data import DataLoader

from datasets.squares import SquaresDataset, collate_fn
from engine import evaluate, train_one_epoch
from models.detector import SetCriterion, SingleObjectDetector


def get_args_parser():
    parser = argparse.ArgumentParser("Set transformer detector", add_help=False)
    parser.add_argument("--lr", default=1e-2, type=float)
    parser.add_argument("--lr_backbone", default=1e-3, type=float)
    parser.add_argument("--batch_size", default=16, type=int)
    parser.add_argument("--weight_decay", default=1e-4, type=float)
    parser.add_argument("--epochs", default=4, type=int)
    parser.add_argument("--momentum", default=0.9, type=float)
    parser.add_argument("--clip_max_norm", default=0, type=float)
    parser.add_argument("--bbox_loss_coef", default=5, type=float)
    parser.add_argument("--num_classes", default=3, type=int)
    parser.add_argument("--seed", default=42, type=int)
    return parser


def main(args):
    torch.manual_seed(args.seed)
    model = SingleObjectDetector(args.num_classes)
    criterion = SetCriterion({"loss_ce": 1, "loss_bbox": args.bbox_loss_coef})

    param_dicts = [
        {"params": [p for n, p in model.named_parameters() if "backbone" not in n and p.requires_grad]},
        {"params": [p for n, p in model.named_parameters() if "backbone" in n and p.requires_grad],
         "lr": args.lr_backbone},
    ]
    optimizer = torch.optim.SGD(param_dicts, lr=args.lr, momentum=args.momentum,
                                weight_decay=args.weight_decay)
    lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 3)

    dataset_train = SquaresDataset(256, seed=1)
    dataset_val = SquaresDataset(64, seed=2)
    data_loader_train = DataLoader(dataset_train, batch_size=args.batch_size, shuffle=True,
                                   collate_fn=collate_fn, drop_last=True)
    data_loader_val = DataLoader(dataset_val, batch_size=args.batch_size, collate_fn=collate_fn)

    print("Start training")
    for epoch in range(args.epochs):
        stats = train_one_epoch(model, criterion, data_loader_train, optimizer, epoch, args.clip_max_norm)
        lr_scheduler.step()
        acc, l1 = evaluate(model, data_loader_val)
        print(f"Epoch: [{epoch}] {stats}  val_acc: {acc:.3f}  val_l1: {l1:.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser("training script", parents=[get_args_parser()])
    main(parser.parse_args())
