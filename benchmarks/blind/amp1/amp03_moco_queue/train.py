import argparse

import torch

from moco.builder import MoCo, make_encoder
from moco.data import TwoViewSignals
from moco.utils import AverageMeter, adjust_learning_rate, autocast_for


def get_args():
    parser = argparse.ArgumentParser("MoCo-v2 style pre-training on synthetic sensor windows")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.06)
    parser.add_argument("--moco-dim", type=int, default=32)
    parser.add_argument("--moco-k", type=int, default=512)
    parser.add_argument("--moco-m", type=float, default=0.99)
    parser.add_argument("--moco-t", type=float, default=0.2)
    parser.add_argument("--amp", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--seed", type=int, default=7)
    return parser.parse_args()


def main():
    args = get_args()
    torch.manual_seed(args.seed)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    dataset = TwoViewSignals(n=512, length=48, seed=args.seed)
    loader = torch.utils.data.DataLoader(dataset, batch_size=args.batch_size, shuffle=True, drop_last=True)

    model = MoCo(lambda: make_encoder(dataset.length, args.moco_dim), dim=args.moco_dim,
                 K=args.moco_k, m=args.moco_m, T=args.moco_t).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=1e-4)
    criterion = torch.nn.CrossEntropyLoss()

    for epoch in range(args.epochs):
        adjust_learning_rate(optimizer, epoch, args)
        meter = AverageMeter()
        model.train()
        for view_q, view_k in loader:
            view_q, view_k = view_q.to(device), view_k.to(device)
            with autocast_for(device, args.amp):
                logits, labels = model(view_q, view_k)
                loss = criterion(logits.float(), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            meter.update(loss.item(), view_q.size(0))
        print(f"epoch {epoch}: loss={meter.avg:.4f}")


if __name__ == "__main__":
    main()
