import torch
import torch.nn as nn
import torch.optim as optim
import argparse
import numpy as np
import os
import model
import torch.nn.functional as F
from cifar_data import FakeCIFAR10

parser = argparse.ArgumentParser('Options for training SqueezeNet in pytorch')
parser.add_argument('--batch-size', type=int, default=32, metavar='N', help='batch size of train')
parser.add_argument('--epoch', type=int, default=1, metavar='N', help='number of epochs to train for')
parser.add_argument('--learning-rate', type=float, default=0.001, metavar='LR', help='learning rate')
parser.add_argument('--momentum', type=float, default=0.9, metavar='M', help='percentage of past parameters to store')
parser.add_argument('--num-classes', type=int, default=10, help='number of classes')
parser.add_argument('--log-schedule', type=int, default=10, metavar='N', help='number of batches to print after')
parser.add_argument('--seed', type=int, default=1, help='set seed to some constant value to reproduce experiments')
parser.add_argument('--model_name', type=str, default=None, help='Use a pretrained model')

args = parser.parse_args()
torch.manual_seed(args.seed)

train_loader = torch.utils.data.DataLoader(FakeCIFAR10(train=True), batch_size=args.batch_size, shuffle=True)
test_loader = torch.utils.data.DataLoader(FakeCIFAR10(train=False), batch_size=args.batch_size, shuffle=False)

# get the model
net = model.SqueezeNet(num_classes=args.num_classes)
if args.model_name is not None:
    print("loading pre trained weights")
    pretrained_weights = torch.load(args.model_name)
    net.load_state_dict(pretrained_weights)

avg_loss = list()
best_accuracy = 0.0

optimizer = optim.SGD(net.parameters(), lr=args.learning_rate, momentum=args.momentum, weight_decay=5e-4)


# train the network
def train(epoch):
    global avg_loss
    correct = 0
    net.train()
    for b_idx, (data, targets) in enumerate(train_loader):
        optimizer.zero_grad()
        scores = net.forward(data)
        scores = scores.view(-1, args.num_classes)
        loss = F.nll_loss(scores, targets)

        # compute the accuracy
        pred = scores.data.max(1)[1]  # get the index of the max log-probability
        correct += pred.eq(targets.data).cpu().sum().item()

        avg_loss.append(loss.item())
        loss.backward()
        optimizer.step()

        if b_idx % args.log_schedule == 0:
            print('Train Epoch: {} [{}/{} ({:.0f}%)]\tLoss: {:.6f}'.format(
                epoch, (b_idx + 1) * len(data), len(train_loader.dataset),
                100. * (b_idx + 1) * len(data) / len(train_loader.dataset), loss.item()))

    train_accuracy = correct / float(len(train_loader.dataset))
    print("training accuracy ({:.2f}%)".format(100 * train_accuracy))
    return (train_accuracy * 100.0)


def val():
    global best_accuracy
    correct = 0
    net.eval()
    with torch.no_grad():
        for idx, (data, target) in enumerate(test_loader):
            score = net.forward(data).view(-1, args.num_classes)
            pred = score.data.max(1)[1]
            correct += pred.eq(target.data).cpu().sum().item()

    val_accuracy = correct / float(len(test_loader.dataset)) * 100
    print("accuracy = {:.2f}".format(val_accuracy))
    if val_accuracy > best_accuracy:
        best_accuracy = val_accuracy
        torch.save(net.state_dict(), 'bsqueezenet_onfulldata.pth')
    return val_accuracy


if __name__ == '__main__':
    train_acc, val_acc = list(), list()
    for i in range(1, args.epoch + 1):
        train_acc.append(train(i))
        val_acc.append(val())
