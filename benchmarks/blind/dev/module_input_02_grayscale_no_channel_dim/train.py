import os
import tempfile

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from data import DigitsNpy, make_fake_digits

CONFIG = {
    "batch_size": 32,
    "lr": 0.01,
    "momentum": 0.9,
    "epochs": 2,
    "log_every": 2,
}


def build_model():
    return nn.Sequential(
        nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),   # 14x14
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # 7x7
        nn.Flatten(),
        nn.Linear(32 * 7 * 7, 64), nn.ReLU(),
        nn.Linear(64, 10),
    )


def main():
    data_dir = tempfile.mkdtemp(prefix="digits_")
    make_fake_digits(data_dir)
    train_loader = DataLoader(DigitsNpy(data_dir, "train"), batch_size=CONFIG["batch_size"], shuffle=True)
    test_loader = DataLoader(DigitsNpy(data_dir, "test"), batch_size=CONFIG["batch_size"])

    model = build_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=CONFIG["lr"], momentum=CONFIG["momentum"])
    loss_fn = nn.CrossEntropyLoss()

    for epoch in range(1, CONFIG["epochs"] + 1):
        model.train()
        for batch_idx, (data, target) in enumerate(train_loader):
            optimizer.zero_grad()
            output = model(data)
            loss = loss_fn(output, target)
            loss.backward()
            optimizer.step()
            if batch_idx % CONFIG["log_every"] == 0:
                print(f"Train Epoch: {epoch} [{batch_idx * len(data)}/{len(train_loader.dataset)}]\tLoss: {loss.item():.6f}")

        model.eval()
        test_loss, correct = 0.0, 0
        with torch.no_grad():
            for data, target in test_loader:
                output = model(data)
                test_loss += loss_fn(output, target).item() * len(data)
                correct += (output.argmax(1) == target).sum().item()
        n = len(test_loader.dataset)
        print(f"Test set: Average loss: {test_loss / n:.4f}, Accuracy: {correct}/{n}")


if __name__ == "__main__":
    main()
