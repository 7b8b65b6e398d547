import argparse
import os.path as osp

import torch
from torch.utils.data import DataLoader

from config import cfg
from dataset import Human36MCrops
from model import get_pose_net


def modelLoader(modelpath, resnet_type, joint_num, gpu):
    model = get_pose_net(resnet_type, False, joint_num)
    ckpt = torch.load(modelpath, map_location='cpu')
    network = {}
    for k, v in ckpt['network'].items():
        network[k[7:] if k.startswith('module.') else k] = v
    model.load_state_dict(network)
    if gpu != "-1":
        device = torch.device(f"cuda:{gpu}")
        model.cuda(device=device)
    return model


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--gpu', type=str, default="-1")
    parser.add_argument('--test_epoch', type=str, default="24")
    args = parser.parse_args()

    modelpath = osp.join(cfg.model_dir, 'snapshot_%d.pth.tar' % int(args.test_epoch))
    model = modelLoader(modelpath, cfg.resnet_type, cfg.joint_num, args.gpu)
    model.train()

    loader = DataLoader(Human36MCrops(cfg.n_train), batch_size=cfg.batch_size, shuffle=True,
                        num_workers=cfg.num_thread)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)

    for epoch in range(cfg.end_epoch):
        for itr, (input_img, target) in enumerate(loader):
            optimizer.zero_grad()
            loss_coord = model(input_img, target)
            loss_coord = loss_coord.mean()
            loss_coord.backward()
            optimizer.step()
            print('Epoch %d/%d itr %d/%d: loss_coord=%.4f' % (epoch, cfg.end_epoch, itr, len(loader), loss_coord.item()))

    torch.save({'epoch': cfg.end_epoch, 'network': model.state_dict()}, osp.join(cfg.model_dir, 'finetuned.pth.tar'))


if __name__ == '__main__':
    main()
