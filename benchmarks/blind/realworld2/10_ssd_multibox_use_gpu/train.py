import argparse
import time

import torch
import torch.optim as optim
import torch.utils.data as data

from data import ShapesDetection, detection_collate
from layers.modules import MultiBoxLoss
from ssd import build_ssd, voc_tiny

parser = argparse.ArgumentParser(description='Single Shot MultiBox Detector Training With Pytorch')
parser.add_argument('--batch_size', default=8, type=int)
parser.add_argument('--max_iter', default=40, type=int)
parser.add_argument('--lr', '--learning-rate', default=1e-3, type=float)
parser.add_argument('--momentum', default=0.9, type=float)
parser.add_argument('--weight_decay', default=5e-4, type=float)
args = parser.parse_args()


def train():
    torch.manual_seed(0)
    dataset = ShapesDetection()
    net = build_ssd('train', voc_tiny['min_dim'], voc_tiny['num_classes'])
    optimizer = optim.SGD(net.parameters(), lr=args.lr, momentum=args.momentum, weight_decay=args.weight_decay)
    criterion = MultiBoxLoss(voc_tiny['num_classes'], 0.5, True, 0, True, 3, 0.5, False)

    net.train()
    data_loader = data.DataLoader(dataset, args.batch_size, shuffle=True, collate_fn=detection_collate, drop_last=True)
    batch_iterator = iter(data_loader)
    for iteration in range(args.max_iter):
        try:
            images, targets = next(batch_iterator)
        except StopIteration:
            batch_iterator = iter(data_loader)
            images, targets = next(batch_iterator)
        t0 = time.time()
        out = net(images)
        optimizer.zero_grad()
        loss_l, loss_c = criterion(out, targets)
        loss = loss_l + loss_c
        loss.backward()
        optimizer.step()
        if iteration % 10 == 0:
            print('timer: %.4f sec.' % (time.time() - t0))
            print('iter ' + repr(iteration) + ' || Loss: %.4f ||' % (loss.item()))


if __name__ == '__main__':
    train()
