import time

import torch
import torch.nn as nn
import torch.optim as optim

from dataset.kitti.parser import Parser
from modules.Lovasz_Softmax import Lovasz_softmax
from modules.SalsaNext import SalsaNext


class AverageMeter(object):
    def __init__(self):
        self.reset()

    def reset(self):
        self.val, self.avg, self.sum, self.count = 0, 0, 0, 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


class Trainer():
    def __init__(self, ARCH, DATA, datadir=None, logdir=None):
        self.ARCH = ARCH
        self.DATA = DATA
        self.parser = Parser(labels=self.DATA["labels"], learning_ignore=self.DATA["learning_ignore"],
                             sensor=self.ARCH["dataset"]["sensor"], max_points=self.ARCH["dataset"]["max_points"],
                             scans=self.ARCH["dataset"]["scans"], batch_size=self.ARCH["train"]["batch_size"],
                             workers=self.ARCH["train"]["workers"])

        # weights for loss (and bias)
        epsilon_w = self.ARCH["train"]["epsilon_w"]
        content = torch.zeros(self.parser.get_n_classes(), dtype=torch.float)
        for cl, freq in DATA["content"].items():
            content[cl] += freq
        self.loss_w = 1 / (content + epsilon_w)
        for x_cl, w in enumerate(self.loss_w):
            if DATA["learning_ignore"][x_cl]:
                self.loss_w[x_cl] = 0
        print("Loss weights from content: ", self.loss_w.data)

        with torch.no_grad():
            self.model = SalsaNext(self.parser.get_n_classes())
        self.device = torch.device("cpu")
        self.criterion = nn.NLLLoss(weight=self.loss_w).to(self.device)
        self.ls = Lovasz_softmax(ignore=0).to(self.device)
        self.optimizer = optim.SGD([{'params': self.model.parameters()}], lr=self.ARCH["train"]["lr"],
                                   momentum=self.ARCH["train"]["momentum"],
                                   weight_decay=self.ARCH["train"]["w_decay"])

    def train(self):
        for epoch in range(self.ARCH["train"]["max_epochs"]):
            acc, loss = self.train_epoch(train_loader=self.parser.get_train_set(), model=self.model,
                                         criterion=self.criterion, optimizer=self.optimizer, epoch=epoch)
            print(f"epoch {epoch}: loss {loss:.4f} acc {acc:.3f}")

    def train_epoch(self, train_loader, model, criterion, optimizer, epoch):
        losses = AverageMeter()
        acc = AverageMeter()
        model.train()
        end = time.time()
        for i, (in_vol, proj_mask, proj_labels) in enumerate(train_loader):
            output = model(in_vol)
            loss_m = criterion(torch.log(output.clamp(min=1e-8)), proj_labels.long()) + self.ls(output, proj_labels.long())

            optimizer.zero_grad()
            loss_m.backward()
            optimizer.step()

            with torch.no_grad():
                argmax = output.argmax(dim=1)
                valid = proj_labels > 0
                accuracy = (argmax[valid] == proj_labels[valid]).float().mean()
            losses.update(loss_m.item(), in_vol.size(0))
            acc.update(accuracy.item(), in_vol.size(0))
            print(f"Lr: {optimizer.param_groups[0]['lr']:.3e} | Epoch: [{epoch}][{i}/{len(train_loader)}] | "
                  f"Time {time.time() - end:.3f} | Loss {losses.val:.4f} ({losses.avg:.4f}) | acc {acc.val:.3f}")
            end = time.time()
        return acc.avg, losses.avg
