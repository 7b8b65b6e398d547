#! /usr/bin/python
# -*- encoding: utf-8 -*-

import importlib

import torch
import torch.nn as nn


class SpeakerNet(nn.Module):
    def __init__(self, model, trainfunc, nPerSpeaker, **kwargs):
        super(SpeakerNet, self).__init__()
        SpeakerNetModel = importlib.import_module('models.' + model).__getattribute__('MainModel')
        self.__S__ = SpeakerNetModel(**kwargs)
        LossFunction = importlib.import_module('loss.' + trainfunc).__getattribute__('LossFunction')
        self.__L__ = LossFunction(**kwargs)
        self.nPerSpeaker = nPerSpeaker

    def forward(self, data, label=None):
        data = data.reshape(-1, data.size()[-2], data.size()[-1])
        outp = self.__S__.forward(data)
        if label is None:
            return outp
        outp = outp.reshape(self.nPerSpeaker, -1, outp.size()[-1]).transpose(1, 0).squeeze(1)
        nloss, prec1 = self.__L__.forward(outp, label)
        return nloss, prec1


class ModelTrainer(object):
    def __init__(self, speaker_model, optimizer='adam', lr=0.001, **kwargs):
        self.__model__ = speaker_model
        self.__optimizer__ = torch.optim.Adam(self.__model__.parameters(), lr=lr)

    def train_network(self, loader, verbose=True):
        self.__model__.train()
        counter, loss, top1 = 0, 0, 0
        for data, data_label in loader:
            data = data.transpose(1, 0)
            self.__model__.zero_grad()
            nloss, prec1 = self.__model__(data, data_label)
            nloss.backward()
            self.__optimizer__.step()
            loss += nloss.detach().item()
            top1 += prec1.detach().item()
            counter += 1
        return loss / counter, top1 / counter
