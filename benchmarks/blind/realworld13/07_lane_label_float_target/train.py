import argparse

import torch
from torch.utils.data import DataLoader

from data.dataset import LaneClsDataset
from model.model import parsingNet
from utils.config import Config
from utils.loss import SoftmaxFocalLoss


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument('config', help='path to config file')
    parser.add_argument('--batch_size', default=None, type=int)
    return parser.parse_args()


def calc_loss(loss_dict, results):
    loss = 0
    for i in range(len(loss_dict['name'])):
        data_src = loss_dict['data_src'][i]
        datas = [results[src] for src in data_src]
        loss_cur = loss_dict['op'][i](*datas)
        loss += loss_cur * loss_dict['weight'][i]
    return loss


def train(net, data_loader, loss_dict, optimizer, epoch):
    net.train()
    total = 0.0
    for b_idx, (imgs, cls_label) in enumerate(data_loader):
        cls_out = net(imgs)
        results = {'cls_out': cls_out, 'cls_label': cls_label}
        loss = calc_loss(loss_dict, results)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
    print('epoch %d loss %.4f' % (epoch, total / len(data_loader)))


if __name__ == "__main__":
    args = get_args()
    cfg = Config.fromfile(args.config)
    if args.batch_size is not None:
        cfg['batch_size'] = args.batch_size
    torch.manual_seed(0)

    train_dataset = LaneClsDataset(cfg.num_samples, cfg.img_h, cfg.img_w, cfg.griding_num,
                                   cfg.num_lanes, cfg.cls_num_per_lane)
    train_loader = DataLoader(train_dataset, batch_size=cfg.batch_size, shuffle=True)
    cls_num_per_lane = cfg.cls_num_per_lane

    net = parsingNet(size=(cfg.img_h, cfg.img_w), cls_dim=(cfg.griding_num + 1, cls_num_per_lane, cfg.num_lanes))
    optimizer = torch.optim.Adam(net.parameters(), lr=cfg.learning_rate, weight_decay=cfg.weight_decay)
    loss_dict = {
        'name': ['cls_loss'],
        'op': [SoftmaxFocalLoss(2)],
        'weight': [1.0],
        'data_src': [('cls_out', 'cls_label')],
    }
    for epoch in range(cfg.epoch):
        train(net, train_loader, loss_dict, optimizer, epoch)
