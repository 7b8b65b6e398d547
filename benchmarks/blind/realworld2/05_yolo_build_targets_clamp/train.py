import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from models.yolo import Model
from utils.datasets import SyntheticBoxes
from utils.loss import ComputeLoss


def train(opt):
    with open(opt.data) as f:
        data = yaml.safe_load(f)
    torch.manual_seed(0)
    model = Model(data['nc'], data['anchors'], data['stride'])
    dataset = SyntheticBoxes(data['n_train'], data['img_size'], data['nc'])
    loader = DataLoader(dataset, batch_size=opt.batch_size, shuffle=True, collate_fn=SyntheticBoxes.collate_fn)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.937, nesterov=True)
    compute_loss = ComputeLoss(model)
    for epoch in range(opt.epochs):
        model.train()
        mloss = 0.
        for i, (imgs, targets) in enumerate(loader):
            pred = model(imgs)
            loss = compute_loss(pred, targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            mloss = (mloss * i + loss.item()) / (i + 1)
        print(f'{epoch}/{opt.epochs - 1}  loss {mloss:.4f}')


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--data', type=str, default='data/tiny.yaml')
    parser.add_argument('--epochs', type=int, default=3)
    parser.add_argument('--batch-size', type=int, default=8)
    train(parser.parse_args())
