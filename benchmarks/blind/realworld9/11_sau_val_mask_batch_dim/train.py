import argparse
import os

import torch

from data.ac17_dataloader import AC17Data, AC17Val
from loss import DualLoss
from models.models import ModelBuilder, SegmentationModule


def train(segmentation_module, loader, optimizer, epoch, args):
    segmentation_module.train()
    for i, batch_data in enumerate(loader):
        optimizer.zero_grad()
        loss, acc = segmentation_module(batch_data, epoch)
        loss.backward()
        optimizer.step()
        if i % args.disp_iter == 0:
            print('Epoch: [{}][{}/{}], Accuracy: {:4.2f}, Loss: {:.6f}'.format(
                epoch, i, len(loader), acc.item() * 100, loss.item()))


def evaluate(segmentation_module, dataset_val, epoch):
    segmentation_module.eval()
    total = 0.0
    with torch.no_grad():
        for i in range(len(dataset_val)):
            feed_dict = dataset_val[i]
            pred, edge, att, loss = segmentation_module(feed_dict, epoch, segSize=False)
            total += loss.item()
    print('[Eval] epoch {} val_loss {:.4f}'.format(epoch, total / len(dataset_val)))


def main(args):
    torch.manual_seed(args.seed)
    builder = ModelBuilder()
    unet = builder.build_unet(num_class=args.num_class, arch=args.unet_arch, weights=args.weights_unet)
    crit = DualLoss(num_class=args.num_class)
    segmentation_module = SegmentationModule(crit, unet)

    dataset_train = AC17Data(n=args.n_train, size=args.img_size, seed=0)
    loader_train = torch.utils.data.DataLoader(dataset_train, batch_size=args.batch_size_per_gpu,
                                               shuffle=True, num_workers=0, drop_last=True)
    dataset_val = AC17Val(n=args.n_val, size=args.img_size, seed=1)

    optimizer = torch.optim.Adam(segmentation_module.parameters(), lr=args.lr)
    for epoch in range(1, args.num_epoch + 1):
        train(segmentation_module, loader_train, optimizer, epoch, args)
        evaluate(segmentation_module, dataset_val, epoch)

    os.makedirs(args.ckpt, exist_ok=True)
    torch.save(unet.state_dict(), os.path.join(args.ckpt, 'unet_epoch_{}.pth'.format(args.num_epoch)))


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--unet_arch', default='saunet')
    parser.add_argument('--weights_unet', default='')
    parser.add_argument('--num_class', default=4, type=int)
    parser.add_argument('--img_size', default=128, type=int)
    parser.add_argument('--n_train', default=8, type=int)
    parser.add_argument('--n_val', default=2, type=int)
    parser.add_argument('--batch_size_per_gpu', default=2, type=int)
    parser.add_argument('--num_epoch', default=1, type=int)
    parser.add_argument('--lr', default=1e-3, type=float)
    parser.add_argument('--disp_iter', default=2, type=int)
    parser.add_argument('--seed', default=304, type=int)
    parser.add_argument('--ckpt', default='./ckpt')
    main(parser.parse_args())
