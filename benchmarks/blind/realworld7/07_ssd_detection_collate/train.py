import argparse

import torch
import torch.optim as optim
import torch.utils.data as data

from data import VOCDetection, VOCAnnotationTransform, detection_collate, voc
from layers import MultiBoxLoss
from ssd import build_ssd


def str2bool(v):
    return v.lower() in ("yes", "true", "t", "1")


parser = argparse.ArgumentParser(description='Single Shot MultiBox Detector Training With Pytorch')
parser.add_argument('--dataset_root', default='data/VOCdevkit', help='Dataset root directory path')
parser.add_argument('--batch_size', default=4, type=int, help='Batch size for training')
parser.add_argument('--max_iter', default=12, type=int)
parser.add_argument('--num_workers', default=0, type=int, help='Number of workers used in dataloading')
parser.add_argument('--lr', '--learning-rate', default=1e-3, type=float, help='initial learning rate')
parser.add_argument('--momentum', default=0.9, type=float, help='Momentum value for optim')
parser.add_argument('--weight_decay', default=5e-4, type=float, help='Weight decay for SGD')
args = parser.parse_args()


def train():
    torch.manual_seed(0)
    cfg = voc
    dataset = VOCDetection(root=args.dataset_root, target_transform=VOCAnnotationTransform())

    ssd_net = build_ssd('train', cfg['min_dim'], cfg['num_classes'], cfg)
    net = ssd_net

    optimizer = optim.SGD(net.parameters(), lr=args.lr, momentum=args.momentum, weight_decay=args.weight_decay)
    criterion = MultiBoxLoss(cfg['num_classes'], 0.5, 3, cfg['variance'])

    net.train()
    print('Loading the dataset...')
    print('Training SSD on:', dataset.name)

    data_loader = data.DataLoader(dataset, args.batch_size,
                                  num_workers=args.num_workers,
                                  shuffle=True, pin_memory=False)
    batch_iterator = iter(data_loader)
    for iteration in range(args.max_iter):
        try:
            images, targets = next(batch_iterator)
        except StopIteration:
            batch_iterator = iter(data_loader)
            images, targets = next(batch_iterator)

        out = net(images)
        optimizer.zero_grad()
        loss_l, loss_c = criterion(out, targets)
        loss = loss_l + loss_c
        loss.backward()
        optimizer.step()
        print('iter ' + repr(iteration) + ' || Loss: %.4f ||' % (loss.item()))


if __name__ == '__main__':
    train()
