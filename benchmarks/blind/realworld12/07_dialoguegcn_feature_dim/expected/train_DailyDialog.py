import argparse
import time

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader

from dataloader import DailyDialogueDataset
from model import DialogueGCNModel


def get_DailyDialog_loaders(batch_size=8, num_workers=0):
    trainset = DailyDialogueDataset('train')
    testset = DailyDialogueDataset('test')
    train_loader = DataLoader(trainset, batch_size=batch_size, shuffle=True,
                              collate_fn=trainset.collate_fn, num_workers=num_workers)
    test_loader = DataLoader(testset, batch_size=batch_size,
                             collate_fn=testset.collate_fn, num_workers=num_workers)
    return train_loader, test_loader


def train_or_eval_model(model, loss_function, dataloader, epoch, optimizer=None, train=False):
    losses, preds, labels = [], [], []
    model.train() if train else model.eval()
    for data in dataloader:
        if train:
            optimizer.zero_grad()
        textf, qmask, umask, label = data
        log_prob = model(textf, qmask, umask)
        lp_ = log_prob.reshape(-1, log_prob.size(-1))
        labels_ = label.view(-1)
        loss = loss_function(lp_, labels_)
        mask = labels_ != -1
        preds.append(torch.argmax(lp_, 1)[mask].numpy())
        labels.append(labels_[mask].numpy())
        losses.append(loss.item())
        if train:
            loss.backward()
            optimizer.step()
    preds, labels = np.concatenate(preds), np.concatenate(labels)
    return round(float(np.mean(losses)), 4), round(float((preds == labels).mean() * 100), 2)


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--lr', type=float, default=0.001, metavar='LR', help='learning rate')
    parser.add_argument('--l2', type=float, default=0.00001, metavar='L2', help='L2 regularization weight')
    parser.add_argument('--dropout', type=float, default=0.5, metavar='dropout', help='dropout rate')
    parser.add_argument('--batch-size', type=int, default=8, metavar='BS', help='batch size')
    parser.add_argument('--epochs', type=int, default=6, metavar='E', help='number of epochs')
    args = parser.parse_args()
    print(args)

    torch.manual_seed(1234)
    n_classes = 7
    D_m = 250
    D_g = 150
    D_p = 150
    D_e = 100
    D_h = 100
    D_a = 100
    graph_h = 100

    model = DialogueGCNModel(D_m, D_e, graph_h, n_speakers=2, n_classes=n_classes, dropout=args.dropout)
    loss_function = nn.NLLLoss(ignore_index=-1)
    optimizer = optim.Adam(model.parameters(), lr=args.lr, weight_decay=args.l2)
    train_loader, test_loader = get_DailyDialog_loaders(batch_size=args.batch_size)

    for e in range(args.epochs):
        start_time = time.time()
        train_loss, train_acc = train_or_eval_model(model, loss_function, train_loader, e, optimizer, True)
        test_loss, test_acc = train_or_eval_model(model, loss_function, test_loader, e)
        print('epoch: {}, train_loss: {}, train_acc: {}, test_loss: {}, test_acc: {}, time: {} sec'.format(
            e + 1, train_loss, train_acc, test_loss, test_acc, round(time.time() - start_time, 2)))
