
import math
import os
import os.path as osp

import numpy as np
import torch
import torch.nn.functional as F


def cross_entropy2d(input, target, weight=None, size_average=True):
  # input: (n, c, h, w), target: (n, h, w)
  n, c, h, w = input.size()
  log_p = F.log_softmax(input, dim=1)
  log_p = log_p.transpose(1, 2).transpose(2, 3).contiguous().view(-1, c)
  log_p = log_p[target.view(n * h * w, 1).repeat(1, c) >= 0]
  log_p = log_p.view(-1, c)
  mask = target >= 0
  target = target[mask]
  loss = F.nll_loss(log_p, target, weight=weight, reduction='sum')
  if size_average:
    loss /= mask.data.sum()
  return loss


class Trainer(object):

  def __init__(self, model, optimizer, train_loader, val_loader, out, max_iter,
               size_average=False):
    self.model = model
    self.optim = optimizer
    self.train_loader = train_loader
    self.val_loader = val_loader
    self.size_average = size_average
    self.out = out
    if not osp.exists(self.out):
      os.makedirs(self.out)
    self.epoch = 0
    self.iteration = 0
    self.max_iter = max_iter

  def train_epoch(self):
    self.model.train()
    for batch_idx, (data, target) in enumerate(self.train_loader):
      self.iteration = batch_idx + self.epoch * len(self.train_loader)
      self.optim.zero_grad()
      score = self.model(data)
      loss = cross_entropy2d(score, target, size_average=self.size_average)
      loss /= len(data)
      if np.isnan(float(loss.item())):
        raise ValueError('loss is nan while training')
      loss.backward()
      self.optim.step()
      print('epoch=%d iter=%d loss=%.4f' % (self.epoch, self.iteration, loss.item()))
      if self.iteration >= self.max_iter:
        break

  def train(self):
    max_epoch = int(math.ceil(1. * self.max_iter / len(self.train_loader)))
    for epoch in range(self.epoch, max_epoch):
      self.epoch = epoch
      self.train_epoch()
      if self.iteration >= self.max_iter:
        break
    torch.save({'iteration': self.iteration, 'model_state_dict': self.model.state_dict()},
               osp.join(self.out, 'checkpoint.pth.tar'))
