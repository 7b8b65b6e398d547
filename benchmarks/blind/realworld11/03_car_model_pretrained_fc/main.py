import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from config import *
from dataset import LocalDataset
from network import resnet_mini


def train_model(model, loaders, criterion, optimizer, epochs):
    for epoch in range(epochs):
        for mode in ["train", "test"]:
            model.train() if mode == "train" else model.eval()
            running_loss, correct, total = 0.0, 0, 0
            for x, y in loaders[mode]:
                with torch.set_grad_enabled(mode == "train"):
                    out = model(x)
                    loss = criterion(out, y)
                    if mode == "train":
                        optimizer.zero_grad()
                        loss.backward()
                        optimizer.step()
                running_loss += loss.item() * x.size(0)
                correct += (out.argmax(1) == y).sum().item()
                total += x.size(0)
            print("[%d] %s loss: %.4f acc: %.3f" % (epoch + 1, mode, running_loss / total, correct / total))
    return model


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--no-pretrained", action="store_true")
    args = parser.parse_args()

    torch.manual_seed(0)
    train_set = LocalDataset(96, IMG_SIZE, NUM_CLASSES, seed=0)
    test_set = LocalDataset(32, IMG_SIZE, NUM_CLASSES, seed=1)
    loaders = {
        "train": DataLoader(train_set, batch_size=BATCH_SIZE, shuffle=True),
        "test": DataLoader(test_set, batch_size=BATCH_SIZE),
    }

    model = resnet_mini(pretrained=not args.no_pretrained, weights_path=PRETRAINED_WEIGHTS,
                        num_classes=NUM_CLASSES)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=LEARNING_RATE, momentum=MOMENTUM)
    train_model(model, loaders, criterion, optimizer, args.epochs)
    torch.save(model.state_dict(), "car_model.pth")


if __name__ == "__main__":
    main()
