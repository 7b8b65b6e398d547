import argparse

import torch
from torch.utils.data import DataLoader

from segmentation.dataset import ShapesDataset
from segmentation.model import SmallUNet
from segmentation.train_utils import TrainEpoch, ValidEpoch

CLASSES = ["background", "square", "disk"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()

    torch.manual_seed(0)
    train_dataset = ShapesDataset(n_images=96, classes=CLASSES, seed=1)
    valid_dataset = ShapesDataset(n_images=32, classes=CLASSES, seed=2)
    train_loader = DataLoader(train_dataset, batch_size=args.batch_size, shuffle=True, num_workers=0)
    valid_loader = DataLoader(valid_dataset, batch_size=args.batch_size, shuffle=False, num_workers=0)

    model = SmallUNet(in_channels=3, classes=len(CLASSES))
    # loss = DiceLoss()  -> switched to cross entropy for the multi-class masks
    loss = torch.nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    train_epoch = TrainEpoch(model, loss=loss, optimizer=optimizer, device="cpu")
    valid_epoch = ValidEpoch(model, loss=loss, device="cpu")

    max_score = 0
    for i in range(args.epochs):
        print("\nEpoch: {}".format(i))
        train_logs = train_epoch.run(train_loader)
        valid_logs = valid_epoch.run(valid_loader)
        print("train", train_logs, "valid", valid_logs)
        if max_score < valid_logs["iou"]:
            max_score = valid_logs["iou"]
            torch.save(model.state_dict(), "./best_model.pth")
            print("Model saved!")


if __name__ == "__main__":
    main()
