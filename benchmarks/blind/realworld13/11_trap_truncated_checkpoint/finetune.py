import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from matting.data import ToyMattingSet
from matting.model import SmartMatting


def load_pretrained(model, path):
    ckpt = torch.load(path, map_location='cpu')
    state = ckpt.get('state_dict', ckpt)
    model.load_state_dict(state)
    print('loaded pretrained weights from', path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--pretrained', default='pretrained/smartmatting_base.pth')
    parser.add_argument('--batch_size', type=int, default=8)
    parser.add_argument('--epochs', type=int, default=2)
    parser.add_argument('--lr', type=float, default=1e-3)
    args = parser.parse_args()

    torch.manual_seed(0)
    model = SmartMatting()
    load_pretrained(model, args.pretrained)
    loader = DataLoader(ToyMattingSet(), batch_size=args.batch_size, shuffle=True)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        total = 0.0
        for image, trimap, alpha in loader:
            pred = model(image, trimap)
            loss = F.l1_loss(pred, alpha)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print('epoch %d  l1 %.4f' % (epoch, total / len(loader)))


if __name__ == '__main__':
    main()
