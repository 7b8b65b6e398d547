import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from config import cfg
from dataset import LMOTrain
from model import ResNetBackboneNet, RotHeadNet, CDPN


def build_model(cfg):
    backbone = ResNetBackboneNet(3, cfg.network.back_freeze)
    rot_head_net = RotHeadNet(64, 2, 64, 3 * (cfg.network.coor_bin + 1), cfg.network.rot_head_freeze)
    return CDPN(backbone, rot_head_net, cfg.network.coor_bin)


def train(epoch, cfg, data_loader, model, optimizer):
    model.train()
    criterion_coor = nn.CrossEntropyLoss()
    for i, (inp, coor_gt, mask_gt) in enumerate(data_loader):
        output_coor_x_, output_coor_y_, output_coor_z_, output_conf_ = model(inp)

        output_coor_x_ = output_coor_x_.squeeze()
        output_coor_y_ = output_coor_y_.squeeze()
        output_coor_z_ = output_coor_z_.squeeze()

        output_coor_ = torch.stack([torch.argmax(output_coor_x_, axis=1),
                                    torch.argmax(output_coor_y_, axis=1),
                                    torch.argmax(output_coor_z_, axis=1)], axis=3)
        output_coor_[output_coor_ == cfg.network.coor_bin] = 0
        output_coor_ = 2.0 * output_coor_.float() / (63.0 - 1.0) - 1.0      # [-1,1]

        # torch.argmax is not differentiable: take the loss on the bin scores, before argmax
        coor_bin_gt = ((coor_gt + 1.0) / 2.0 * (63.0 - 1.0)).round().long().clamp(0, cfg.network.coor_bin - 1)
        coor_bin_gt[mask_gt == 0] = cfg.network.coor_bin
        loss = criterion_coor(output_coor_x_, coor_bin_gt[..., 0]) + \
               criterion_coor(output_coor_y_, coor_bin_gt[..., 1]) + \
               criterion_coor(output_coor_z_, coor_bin_gt[..., 2])

        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print('Epoch {} iter {}: loss_coor {:.4f}'.format(epoch, i, loss.item()))


def main():
    torch.manual_seed(0)
    model = build_model(cfg)
    optimizer = torch.optim.RMSprop(model.parameters(), lr=cfg.train.lr, alpha=0.99, eps=1e-8)
    train_loader = DataLoader(LMOTrain(cfg), batch_size=cfg.train.batch_size, shuffle=True, num_workers=0)
    for epoch in range(1, cfg.train.epochs + 1):
        train(epoch, cfg, train_loader, model, optimizer)


if __name__ == '__main__':
    main()
