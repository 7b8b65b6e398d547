import argparse
import json
import os

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader

from models import ShapesCNN
from shapes import make_shapes

HERE = os.path.dirname(os.path.abspath(__file__))


def load_config(path):
    with open(os.path.join(HERE, path)) as f:
        return json.load(f)


def train(cfg):
    torch.manual_seed(cfg["seed"])
    train_set = make_shapes(cfg["n_train"], cfg["img_size"], cfg["num_classes"], cfg["seed"])
    val_set = make_shapes(cfg["n_val"], cfg["img_size"], cfg["num_classes"], cfg["seed"] + 1)
    trainloader = DataLoader(train_set, batch_size=cfg["batch_size"], shuffle=True)
    valloader = DataLoader(val_set, batch_size=cfg["batch_size"])

    net = ShapesCNN(num_classes=cfg["num_classes"], img_size=cfg["img_size"])
    criterion = nn.CrossEntropyLoss()
    optimizer = optim.SGD(net.parameters(), lr=cfg["lr"], momentum=cfg["momentum"])

    for epoch in range(cfg["epochs"]):
        net.train()
        running_loss = 0.0
        for i, (inputs, labels) in enumerate(trainloader):
            optimizer.zero_grad()
            outputs = net(inputs)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            running_loss += loss.item()
            if i % 5 == 4:
                print(f"[{epoch + 1}, {i + 1:3d}] loss: {running_loss / 5:.3f}")
                running_loss = 0.0

        net.eval()
        correct = total = 0
        with torch.no_grad():
            for inputs, labels in valloader:
                predicted = net(inputs).argmax(1)
                total += labels.size(0)
                correct += (predicted == labels).sum().item()
        print(f"epoch {epoch + 1}: val accuracy {100 * correct / total:.1f}%")

    ckpt = os.path.join(HERE, cfg["checkpoint"])
    os.makedirs(os.path.dirname(ckpt), exist_ok=True)
    torch.save(net.state_dict(), ckpt)
    print("Finished Training")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="config.json")
    train(load_config(parser.parse_args().config))
