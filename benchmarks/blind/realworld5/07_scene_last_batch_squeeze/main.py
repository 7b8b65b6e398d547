#coding:utf8
import sys

import torch as t
from torch.utils import data

import models
from config import opt
from data import ClsDataset
from utils import AverageValueMeter, topk_acc


def val(model, dataloader):
    model.eval()
    acc_meter = AverageValueMeter()
    with t.no_grad():
        for ii, (input, label) in enumerate(dataloader):
            score = model(input)
            acc_meter.add(topk_acc(score, label), input.size(0))
    model.train()
    return acc_meter.value()


def train(**kwargs):
    opt.parse(kwargs)
    t.manual_seed(opt.seed)

    model = getattr(models, opt.model)(opt)
    if opt.load_path:
        model.load(opt.load_path)

    lr1, lr2 = opt.lr1, opt.lr2
    optimizer = model.get_optimizer(lr1, lr2)
    criterion = t.nn.CrossEntropyLoss()
    loss_meter = AverageValueMeter()
    acc_meter = AverageValueMeter()

    dataset = ClsDataset(opt, 'train')
    dataloader = data.DataLoader(dataset, batch_size=opt.batch_size, shuffle=opt.shuffle,
                                 num_workers=opt.num_workers)
    val_dataset = ClsDataset(opt, 'val')
    val_dataloader = data.DataLoader(val_dataset, batch_size=opt.batch_size, shuffle=False,
                                     num_workers=opt.num_workers)

    for epoch in range(opt.max_epoch):
        loss_meter.reset()
        acc_meter.reset()
        for ii, (input, label) in enumerate(dataloader):
            optimizer.zero_grad()
            score = model(input)
            loss = criterion(score, label)
            loss.backward()
            optimizer.step()

            loss_meter.add(loss.item(), input.size(0))
            acc_meter.add(topk_acc(score.detach(), label), input.size(0))
            if (ii + 1) % opt.plot_every == 0:
                print('epoch %d iter %d loss %.4f train top3 %.4f' % (
                    epoch, ii + 1, loss_meter.value(), acc_meter.value()))

        val_acc = val(model, val_dataloader)
        print('epoch %d val top3 %.4f' % (epoch, val_acc))


def _parse_argv(argv):
    kwargs = {}
    for arg in argv:
        k, v = arg.lstrip('-').split('=', 1)
        try:
            v = eval(v)
        except Exception:
            pass
        kwargs[k] = v
    return kwargs


if __name__ == '__main__':
    cmd = sys.argv[1]
    globals()[cmd](**_parse_argv(sys.argv[2:]))
