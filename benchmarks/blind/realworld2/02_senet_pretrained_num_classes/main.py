import argparse

import torch
import torch.nn.functional as F

from senet import se_resnet20
from utils.data import get_dataloader


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--batch_size", type=int, default=32)
    p.add_argument("--num_classes", type=int, default=5)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--lr", type=float, default=0.05)
    args = p.parse_args()

    device = "cuda" if torch.cuda.is_available() else "cpu"
    train_loader, test_loader = get_dataloader(args.batch_size, args.num_classes)
    model = se_resnet20(num_classes=args.num_classes, pretrained=True).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=1e-4)

    for ep in range(args.epochs):
        model.train()
        for data, target in train_loader:
            data, target = data.to(device), target.to(device)
            optimizer.zero_grad()
            loss = F.cross_entropy(model(data), target)
            loss.backward()
            optimizer.step()
        model.eval()
        correct = 0
        with torch.no_grad():
            for data, target in test_loader:
                correct += (model(data.to(device)).argmax(1).cpu() == target).sum().item()
        print(f"epoch {ep} loss {loss.item():.4f} test acc {correct / len(test_loader.dataset):.3f}")


if __name__ == "__main__":
    main()
