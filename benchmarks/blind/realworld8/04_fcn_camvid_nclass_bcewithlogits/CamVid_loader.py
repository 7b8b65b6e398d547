# -*- coding: utf-8 -*-

from __future__ import print_function

import csv
import random

import numpy as np
import torch
from torch.utils.data import Dataset


root_dir   = "CamVid/"
train_file = root_dir + "train.csv"
val_file   = root_dir + "val.csv"

num_class = 32
means     = np.array([103.939, 116.779, 123.68]) / 255.  # mean of three channels in the order of BGR
h, w      = 96, 128
train_h   = int(h * 2 / 3)  # 64
train_w   = int(w * 3 / 4)  # 96
val_h     = h
val_w     = w


class CamVidDataset(Dataset):

    def __init__(self, csv_file, phase, n_class=num_class, crop=True, flip_rate=0.5):
        with open(csv_file) as f:
            self.data = list(csv.DictReader(f))
        self.means     = means
        self.n_class   = n_class

        self.flip_rate = flip_rate
        self.crop      = crop
        if phase == 'train':
            self.new_h = train_h
            self.new_w = train_w
        elif phase == 'val':
            self.flip_rate = 0.
            self.crop = False
            self.new_h = val_h
            self.new_w = val_w

    def __len__(self):
        return len(self.data)

    def __getitem__(self, idx):
        img_name   = self.data[idx]['img']
        img        = np.load(img_name)
        label_name = self.data[idx]['label']
        label      = np.load(label_name)

        if self.crop:
            h, w, _ = img.shape
            top   = random.randint(0, h - self.new_h)
            left  = random.randint(0, w - self.new_w)
            img   = img[top:top + self.new_h, left:left + self.new_w]
            label = label[top:top + self.new_h, left:left + self.new_w]

        if random.random() < self.flip_rate:
            img   = np.fliplr(img)
            label = np.fliplr(label)

        # reduce mean
        img = img[:, :, ::-1]  # switch to BGR
        img = np.transpose(img, (2, 0, 1)) / 255.
        img[0] -= self.means[0]
        img[1] -= self.means[1]
        img[2] -= self.means[2]

        # convert to tensor
        img = torch.from_numpy(img.copy()).float()
        label = torch.from_numpy(label.copy()).long()

        # create one-hot encoding
        h, w = label.size()
        target = torch.zeros(self.n_class, h, w)
        for c in range(self.n_class):
            target[c][label == c] = 1

        sample = {'X': img, 'Y': target, 'l': label}

        return sample
