import argparse
import os

import torch
import yaml
from torch.utils import data

from ptsemseg.loader import get_loader
from ptsemseg.loss import cross_entropy2d
from ptsemseg.models import get_model


def train(cfg):
    torch.manual_seed(1337)
    device = torch.device("cpu")

    data_loader = get_loader(cfg["data"]["dataset"])
    t_loader = data_loader(split=cfg["data"]["train_split"],
                           img_size=(cfg["data"]["img_rows"], cfg["data"]["img_cols"]))
    v_loader = data_loader(split=cfg["data"]["val_split"], n_samples=16,
                           img_size=(cfg["data"]["img_rows"], cfg["data"]["img_cols"]))
    n_classes = t_loader.n_classes
    trainloader = data.DataLoader(t_loader, batch_size=cfg["training"]["batch_size"], shuffle=True)
    valloader = data.DataLoader(v_loader, batch_size=cfg["training"]["batch_size"])

    model = get_model(cfg["model"], n_classes).to(device)
    opt_cfg = dict(cfg["training"]["optimizer"])
    opt_cfg.pop("name")
    optimizer = torch.optim.SGD(model.parameters(), **opt_cfg)

    start_iter = 0
    if cfg["training"]["resume"] is not None:
        if os.path.isfile(cfg["training"]["resume"]):
            print("Loading model and optimizer from checkpoint '{}'".format(cfg["training"]["resume"]))
            checkpoint = torch.load(cfg["training"]["resume"])
            model.load_state_dict(checkpoint["model_state"])
            start_iter = checkpoint["epoch"]
            print("Loaded checkpoint '{}' (iter {})".format(cfg["training"]["resume"], start_iter))
        else:
            print("No checkpoint found at '{}'".format(cfg["training"]["resume"]))

    i = start_iter
    flag = True
    while i <= start_iter + cfg["training"]["train_iters"] and flag:
        for images, labels in trainloader:
            i += 1
            model.train()
            optimizer.zero_grad()
            outputs = model(images)
            loss = cross_entropy2d(input=outputs, target=labels)
            loss.backward()
            optimizer.step()
            if (i + 1) % cfg["training"]["print_interval"] == 0:
                print("Iter [{:d}/{:d}]  Loss: {:.4f}".format(i + 1, start_iter + cfg["training"]["train_iters"], loss.item()))
            if (i + 1) % cfg["training"]["val_interval"] == 0:
                model.eval()
                correct = total = 0
                with torch.no_grad():
                    for images_val, labels_val in valloader:
                        pred = model(images_val).argmax(1)
                        correct += (pred == labels_val).sum().item()
                        total += labels_val.numel()
                print("Pixel acc: {:.4f}".format(correct / total))
            if i >= start_iter + cfg["training"]["train_iters"]:
                flag = False
                break


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="config")
    parser.add_argument("--config", nargs="?", type=str, default="configs/fcn8s_pascal.yml",
                        help="Configuration file to use")
    args = parser.parse_args()
    with open(args.config) as fp:
        cfg = yaml.safe_load(fp)
    train(cfg)
