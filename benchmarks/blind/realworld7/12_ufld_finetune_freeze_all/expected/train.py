import argparse
import time

import torch

from data.dataloader import get_train_loader
from model.model import parsingNet
from utils.config import get_config
from utils.loss import SoftmaxFocalLoss


def dist_print(*args):
    print(*args)


def train(net, data_loader, loss_fn, optimizer, epoch):
    net.train()
    t_data_0 = time.time()
    for b_idx, (imgs, cls_label) in enumerate(data_loader):
        cls_out = net(imgs)
        loss = loss_fn(cls_out, cls_label)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        dist_print('epoch %d iter %d loss %.4f time %.3f' % (epoch, b_idx, loss.item(), time.time() - t_data_0))
        t_data_0 = time.time()


if __name__ == "__main__":
    torch.backends.cudnn.benchmark = True
    parser = argparse.ArgumentParser()
    parser.add_argument('config', help='path to config file')
    args = parser.parse_args()
    cfg = get_config(args.config)
    torch.manual_seed(0)

    dist_print('start training...')
    train_loader = get_train_loader(cfg.batch_size, cfg.griding_num, cfg.num_lanes, cfg.cls_num_per_lane)
    cls_num_per_lane = cfg.cls_num_per_lane

    net = parsingNet(pretrained=True, backbone=cfg.backbone,
                     cls_dim=(cfg.griding_num + 1, cls_num_per_lane, cfg.num_lanes), use_aux=cfg.use_aux)

    if cfg.finetune is not None:
        dist_print('finetune from ', cfg.finetune)
        state_all = torch.load(cfg.finetune, map_location='cpu')['model']
        state_clip = {}  # only use backbone parameters
        for k, v in state_all.items():
            if 'model' in k:
                state_clip[k] = v
        net.load_state_dict(state_clip, strict=False)
        for param in net.model.parameters():
            param.requires_grad = False

    optimizer = torch.optim.SGD(net.parameters(), lr=cfg.learning_rate, momentum=cfg.momentum,
                                weight_decay=cfg.weight_decay)
    loss_fn = SoftmaxFocalLoss(2)

    for epoch in range(cfg.epoch):
        train(net, train_loader, loss_fn, optimizer, epoch)
    torch.save({'model': net.state_dict()}, 'ep%03d.pth' % cfg.epoch)
