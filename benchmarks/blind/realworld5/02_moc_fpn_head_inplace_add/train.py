import random

import numpy as np
import torch
from torch import optim

from config import cfg
from datasets import loading_data
from models.MOC_RS import MOC_RS


class Trainer():
    def __init__(self, cfg):
        self.cfg = cfg
        self.train_loader = loading_data(cfg)
        self.net = MOC_RS(cfg)
        self.optimizer = optim.Adam(self.net.parameters(), lr=cfg.LR_BASE_NET,
                                    weight_decay=cfg.WEIGHT_DECAY)

    def forward(self):
        for epoch in range(self.cfg.MAX_EPOCH):
            self.epoch = epoch
            self.train()

    def train(self):
        self.net.train()
        for i, (img, gt_map) in enumerate(self.train_loader):
            self.optimizer.zero_grad()
            pred_map = self.net(img)
            loss = self.net.build_loss(pred_map, gt_map)
            loss.backward()
            self.optimizer.step()
            if (i + 1) % self.cfg.PRINT_FREQ == 0:
                pred_cnt = pred_map.sum().item() / 100.0 / img.size(0)
                gt_cnt = gt_map.sum().item() / img.size(0)
                print('[ep %d][it %d][loss %.4f] [cnt: gt: %.1f pred: %.2f]' % (
                    self.epoch + 1, i + 1, loss.item(), gt_cnt, pred_cnt))


if __name__ == '__main__':
    random.seed(cfg.SEED)
    np.random.seed(cfg.SEED)
    torch.manual_seed(cfg.SEED)
    trainer = Trainer(cfg)
    trainer.forward()
