import argparse

import torch
import yaml

from models.yolo import Model
from utils.loss import ComputeLoss
from utils.torch_utils import intersect_dicts


def synthetic_batches(data_dict, batch_size, seed=0):
    g = torch.Generator().manual_seed(seed)
    n, s = data_dict['train_images'], data_dict['img_size']
    for i in range(0, n, batch_size):
        bs = min(batch_size, n - i)
        imgs = torch.rand(bs, 3, s, s, generator=g)
        targets = torch.cat([torch.arange(bs).float()[:, None],
                             torch.randint(0, data_dict['nc'], (bs, 1), generator=g).float(),
                             torch.rand(bs, 2, generator=g)], 1)
        yield imgs, targets


def train(hyp, opt):
    with open(opt.data) as f:
        data_dict = yaml.safe_load(f)
    nc = int(data_dict['nc'])

    weights = opt.weights
    pretrained = weights.endswith('.pt')
    if pretrained:
        ckpt = torch.load(weights, map_location='cpu')  # load checkpoint
        model = Model(nc=nc)
        exclude = ['detect'] if nc != ckpt['nc'] else []
        state_dict = ckpt['model']
        state_dict = intersect_dicts(state_dict, model.state_dict(), exclude=exclude)
        model.load_state_dict(state_dict, strict=False)
        print('Transferred %g/%g items from %s' % (len(state_dict), len(model.state_dict()), weights))
    else:
        model = Model(nc=nc)

    optimizer = torch.optim.SGD(model.parameters(), lr=hyp['lr0'], momentum=hyp['momentum'], nesterov=True)
    compute_loss = ComputeLoss(model, hyp)
    for epoch in range(opt.epochs):
        model.train()
        for imgs, targets in synthetic_batches(data_dict, opt.batch_size, seed=epoch):
            pred = model(imgs)
            loss, loss_items = compute_loss(pred, targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print(f'epoch {epoch}: obj {loss_items[0]:.4f} cls {loss_items[1]:.4f}')


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--weights', type=str, default='prb-fpn.pt', help='initial weights path')
    parser.add_argument('--data', type=str, default='data/coco_tiny.yaml', help='data.yaml path')
    parser.add_argument('--hyp', type=str, default='data/hyp.scratch.p5.yaml', help='hyperparameters path')
    parser.add_argument('--epochs', type=int, default=2)
    parser.add_argument('--batch-size', type=int, default=8)
    opt = parser.parse_args()
    torch.manual_seed(0)
    with open(opt.hyp) as f:
        hyp = yaml.safe_load(f)
    train(hyp, opt)
