import argparse

import torch
import torch.nn as nn
import torch.utils.data as data

from mobilenetv3 import mobilenetv3_small

parser = argparse.ArgumentParser(description='Fine-tune MobileNetV3-Small on a 10-class dataset')
parser.add_argument('--pretrained', default='pretrained/mobilenetv3-small-55df8e1f.pth', type=str)
parser.add_argument('--epochs', default=2, type=int)
parser.add_argument('--batch-size', default=32, type=int)
parser.add_argument('--lr', default=0.01, type=float)
parser.add_argument('--num-classes', default=10, type=int)


def get_loader(batch_size, n=128, seed=0):
    g = torch.Generator().manual_seed(seed)
    images = torch.randn(n, 3, 64, 64, generator=g)
    targets = torch.randint(0, 10, (n,), generator=g)
    return data.DataLoader(data.TensorDataset(images, targets), batch_size=batch_size, shuffle=True)


def main():
    args = parser.parse_args()
    torch.manual_seed(0)

    net = mobilenetv3_small()
    net.load_state_dict(torch.load(args.pretrained, map_location='cpu'))
    net.classifier[3] = nn.Linear(net.classifier[3].in_features, args.num_classes)

    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=0.9, weight_decay=4e-5)
    loader = get_loader(args.batch_size)

    for epoch in range(args.epochs):
        net.train()
        for i, (images, target) in enumerate(loader):
            output = net(images)
            loss = criterion(output, target)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print('Epoch {}: loss {:.4f}'.format(epoch, loss.item()))


if __name__ == '__main__':
    main()
