import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

import config.yolov4_config as cfg
from model.build_model import Build_Model
from utils.datasets import Build_Dataset


class Trainer(object):
    def __init__(self, weight_path=None):
        torch.manual_seed(0)
        self.epochs = cfg.TRAIN["EPOCHS"]
        self.train_dataset = Build_Dataset(cfg.TRAIN["NUM_IMAGES"], cfg.TRAIN["TRAIN_IMG_SIZE"],
                                           cfg.MODEL["NUM_CLASSES"])
        self.train_dataloader = DataLoader(self.train_dataset, batch_size=cfg.TRAIN["BATCH_SIZE"],
                                           num_workers=0, shuffle=True)
        self.yolov4 = Build_Model()
        self.optimizer = torch.optim.SGD(self.yolov4.parameters(), lr=cfg.TRAIN["LR_INIT"] * 10,
                                         momentum=0.9, weight_decay=cfg.TRAIN["WEIGHT_DECAY"])

    def train(self):
        print(self.yolov4.__class__.__name__, "activate:", cfg.MODEL["ACTIVATE"])
        for epoch in range(self.epochs):
            self.yolov4.train()
            mloss = 0.0
            for i, (imgs, targets) in enumerate(self.train_dataloader):
                p = self.yolov4(imgs)
                loss = F.binary_cross_entropy_with_logits(p, targets)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                mloss = (mloss * i + loss.item()) / (i + 1)
            print("Epoch:[ %d | %d ]  loss: %.4f" % (epoch, self.epochs - 1, mloss))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--weight_path", type=str, default=None, help="weight file path")
    opt = parser.parse_args()
    Trainer(weight_path=opt.weight_path).train()
