import argparse
import logging
import os

import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader

from models.xray_cls import XrayViTClassifier
from xray_data import XrayDataset


def parse_args():
    parser = argparse.ArgumentParser(description="Training")
    parser.add_argument("--cfg-path", required=True, help="path to configuration file.")
    return parser.parse_args()


def main():
    args = parse_args()
    with open(args.cfg_path) as f:
        cfg = yaml.safe_load(f)
    logging.basicConfig(level=logging.INFO)
    run_cfg, model_cfg, data_cfg = cfg["run"], cfg["model"], cfg["datasets"]["xray"]
    torch.manual_seed(run_cfg["seed"])

    model = XrayViTClassifier(model_cfg)
    train_set = XrayDataset(data_cfg["n_train"], model_cfg["image_size"], model_cfg["num_classes"], data_cfg["seed"])
    val_set = XrayDataset(data_cfg["n_val"], model_cfg["image_size"], model_cfg["num_classes"], data_cfg["seed"] + 1)
    train_loader = DataLoader(train_set, batch_size=run_cfg["batch_size"], shuffle=True)
    val_loader = DataLoader(val_set, batch_size=run_cfg["batch_size"])

    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=float(run_cfg["init_lr"]), weight_decay=run_cfg["weight_decay"])
    criterion = nn.BCEWithLogitsLoss()

    for epoch in range(run_cfg["max_epoch"]):
        model.train()
        for i, samples in enumerate(train_loader):
            logits = model(samples["image"])
            loss = criterion(logits, samples["label"])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if i % 2 == 0:
                logging.info("epoch %d iter %d loss %.4f", epoch, i, loss.item())
        model.eval()
        with torch.no_grad():
            val_loss = sum(criterion(model(s["image"]), s["label"]).item() for s in val_loader) / len(val_loader)
        logging.info("epoch %d val_loss %.4f", epoch, val_loss)

    os.makedirs(run_cfg["output_dir"], exist_ok=True)
    torch.save({"model": model.state_dict()}, os.path.join(run_cfg["output_dir"], "checkpoint_last.pth"))


if __name__ == "__main__":
    main()
