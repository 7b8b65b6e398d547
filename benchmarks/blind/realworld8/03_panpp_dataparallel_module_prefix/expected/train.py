import argparse
import os
import os.path as osp
import time

import numpy as np
import torch

import test as evaluator
from dataset import SynthText
from models import build_model
from test import Config

torch.manual_seed(123456)
np.random.seed(123456)


def adjust_learning_rate(optimizer, dataloader, epoch, iter, cfg):
    schedule = cfg.train_cfg['schedule']
    if isinstance(schedule, str):
        assert schedule == 'polylr', 'Error: schedule should be polylr!'
        cur_iter = epoch * len(dataloader) + iter
        max_iter_num = cfg.train_cfg['epoch'] * len(dataloader)
        lr = cfg.train_cfg['lr'] * (1 - float(cur_iter) / max_iter_num) ** 0.9
    for param_group in optimizer.param_groups:
        param_group['lr'] = lr


def train(train_loader, model, optimizer, epoch, start_iter, cfg):
    model.train()
    start = time.time()
    for iter, data in enumerate(train_loader):
        if iter < start_iter:
            continue
        adjust_learning_rate(optimizer, train_loader, epoch, iter, cfg)

        outputs = model(**data)
        loss = outputs['loss_text'] + 0.5 * outputs['loss_kernels'] + outputs['loss_emb']

        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

        if iter % 4 == 0:
            print('({batch}/{size}) LR: {lr:.6f} | Batch: {bt:.3f}s | Loss: {loss:.3f}'.format(
                batch=iter + 1, size=len(train_loader), lr=optimizer.param_groups[0]['lr'],
                bt=time.time() - start, loss=loss.item()))
            start = time.time()


def save_checkpoint(state, checkpoint_path, cfg):
    file_path = osp.join(checkpoint_path, 'checkpoint.pth.tar')
    torch.save(state, file_path)


def main(args):
    cfg = Config.fromfile(args.config)
    print(cfg)

    if args.checkpoint is not None:
        checkpoint_path = args.checkpoint
    else:
        cfg_name, _ = osp.splitext(osp.basename(args.config))
        checkpoint_path = osp.join('checkpoints', cfg_name)
    if not osp.isdir(checkpoint_path):
        os.makedirs(checkpoint_path)
    print('Checkpoint path: %s.' % checkpoint_path)

    data_loader = SynthText(**cfg.data['train'])
    train_loader = torch.utils.data.DataLoader(
        data_loader, batch_size=cfg.data['batch_size'], shuffle=True, drop_last=True)

    model = build_model(cfg.model)
    model = torch.nn.DataParallel(model)

    if cfg.train_cfg['optimizer'] == 'SGD':
        optimizer = torch.optim.SGD(model.parameters(), lr=cfg.train_cfg['lr'], momentum=0.99, weight_decay=5e-4)
    else:
        optimizer = torch.optim.Adam(model.parameters(), lr=cfg.train_cfg['lr'])

    start_epoch = 0
    start_iter = 0
    for epoch in range(start_epoch, cfg.train_cfg['epoch']):
        print('\nEpoch: [%d | %d]' % (epoch + 1, cfg.train_cfg['epoch']))
        train(train_loader, model, optimizer, epoch, start_iter, cfg)

        state = dict(
            epoch=epoch + 1,
            iter=0,
            state_dict=model.module.state_dict(),
            optimizer=optimizer.state_dict()
        )
        save_checkpoint(state, checkpoint_path, cfg)

    if args.eval:
        evaluator.main(cfg, osp.join(checkpoint_path, 'checkpoint.pth.tar'))


if __name__ == '__main__':
    parser = argparse.ArgumentParser(description='Hyperparams')
    parser.add_argument('config', help='config file path')
    parser.add_argument('--checkpoint', nargs='?', type=str, default=None)
    parser.add_argument('--eval', action='store_true')
    args = parser.parse_args()
    main(args)
