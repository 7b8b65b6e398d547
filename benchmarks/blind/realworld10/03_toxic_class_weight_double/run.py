#!/usr/bin/env python
"""
Usage:
    run.py train [--config=<file>]
"""
import argparse
import time

import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader

from data_utils import make_corpus, get_label_weight, CommentDataset
from model import LSTMClassifier


def validation(model, loader, loss_func):
    was_training = model.training
    model.eval()
    total_loss, correct, n = 0.0, 0, 0
    with torch.no_grad():
        for x, y in loader:
            logits = model(x)
            total_loss += loss_func(logits, y).item() * len(y)
            correct += (logits.argmax(1) == y).sum().item()
            n += len(y)
    if was_training:
        model.train()
    return total_loss / n, correct / n


def train(cfg):
    torch.manual_seed(0)
    d, m, t = cfg['data'], cfg['model'], cfg['train']
    train_sents, train_labels = make_corpus(d['n_train'], d['max_len'], d['vocab_size'], m['n_classes'], seed=0)
    dev_sents, dev_labels = make_corpus(d['n_dev'], d['max_len'], d['vocab_size'], m['n_classes'], seed=1)

    train_loader = DataLoader(CommentDataset(train_sents, train_labels, d['max_len']),
                              batch_size=t['batch_size'], shuffle=True)
    dev_loader = DataLoader(CommentDataset(dev_sents, dev_labels, d['max_len']),
                            batch_size=t['batch_size'])

    model = LSTMClassifier(d['vocab_size'], m['embed_dim'], m['hidden_dim'], m['n_classes'])
    optimizer = torch.optim.Adam(model.parameters(), lr=t['lr'])

    if t['use_label_weight']:
        train_label_weight = get_label_weight(train_labels, m['n_classes'])
        cn_loss = nn.CrossEntropyLoss(weight=train_label_weight, reduction='mean')
    else:
        cn_loss = nn.CrossEntropyLoss()

    begin_time = time.time()
    for epoch in range(t['epochs']):
        model.train()
        running = 0.0
        for i, (x, y) in enumerate(train_loader):
            optimizer.zero_grad()
            pre_softmax = model(x)
            loss = cn_loss(pre_softmax, y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            running += loss.item()
        dev_loss, dev_acc = validation(model, dev_loader, cn_loss)
        print('epoch %d, train loss %.4f, dev loss %.4f, dev acc %.3f, time elapsed %.1fs'
              % (epoch, running / (i + 1), dev_loss, dev_acc, time.time() - begin_time))


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('mode', choices=['train'])
    parser.add_argument('--config', default='config.yaml')
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    train(cfg)
