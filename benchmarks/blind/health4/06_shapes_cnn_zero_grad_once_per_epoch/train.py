import argparse
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from datasets.shapes import ShapesDataset
from models.smallcnn import SmallCNN
from utils.train_utils import train_one_epoch, evaluate

parser = argparse.ArgumentParser(description='Shapes classification')
parser.add_argument('--epochs', type=int, default=3)
parser.add_argument('--batch-size', type=int, default=32)
parser.add_argument('--lr', type=float, default=0.05)
parser.add_argument('--momentum', type=float, default=0.9)
parser.add_argument('--seed', type=int, default=1)
args = parser.parse_args()

torch.manual_seed(args.seed)
train_loader = DataLoader(ShapesDataset(1600, seed=args.seed), batch_size=args.batch_size, shuffle=True)
test_loader = DataLoader(ShapesDataset(400, seed=args.seed + 100), batch_size=200)

model = SmallCNN(num_classes=3)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum)

for epoch in range(1, args.epochs + 1):
    train_one_epoch(model, train_loader, optimizer, criterion, epoch)
    acc = evaluate(model, test_loader)
    print('Test set: Accuracy: {:.1f}%'.format(100. * acc))
