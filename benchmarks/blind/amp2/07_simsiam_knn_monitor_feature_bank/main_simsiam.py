import argparse
import time

import torch

from engine.data import build_datasets
from engine.knn import knn_monitor
from engine.train import train_one_epoch
from nets.simsiam import SimSiam

parser = argparse.ArgumentParser(description="SimSiam on toy data with a kNN monitor")
parser.add_argument("--epochs", default=2, type=int)
parser.add_argument("--batch-size", default=64, type=int)
parser.add_argument("--lr", default=0.05, type=float)
parser.add_argument("--amp", default=1, type=int)
parser.add_argument("--knn-k", default=20, type=int)


def main():
    args = parser.parse_args()
    torch.manual_seed(1)
    train_set, memory_set, test_set = build_datasets()
    train_loader = torch.utils.data.DataLoader(train_set, batch_size=args.batch_size, shuffle=True, drop_last=True)
    memory_loader = torch.utils.data.DataLoader(memory_set, batch_size=128)
    test_loader = torch.utils.data.DataLoader(test_set, batch_size=128)
    model = SimSiam(in_dim=40, dim=64, pred_dim=16)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr * args.batch_size / 256, momentum=0.9, weight_decay=1e-4)
    for epoch in range(args.epochs):
        t0 = time.time()
        loss = train_one_epoch(model, train_loader, optimizer, amp=bool(args.amp))
        acc = knn_monitor(model.encoder, memory_loader, test_loader, k=args.knn_k, amp=bool(args.amp))
        print(f"Epoch [{epoch}] loss={loss:.4f} kNN acc={acc:.2f}% time={time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
