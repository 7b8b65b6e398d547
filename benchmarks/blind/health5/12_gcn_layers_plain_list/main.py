import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, random_split

from models.GCN import GCN
from utils.dataset import SyntheticGraphs

parser = argparse.ArgumentParser(description='Graph classification')
parser.add_argument('--model_list', default='GCN')
parser.add_argument('--readout_list', default='max')
parser.add_argument('--n_agg_layer', type=int, default=2)
parser.add_argument('--agg_hidden', type=int, default=32)
parser.add_argument('--fc_hidden', type=int, default=32)
parser.add_argument('--dropout', type=float, default=0.0)
parser.add_argument('--learning_rate', type=float, default=0.02)
parser.add_argument('--epochs', type=int, default=10)
parser.add_argument('--batch_size', type=int, default=32)
args = parser.parse_args()

torch.manual_seed(0)
device = torch.device('cpu')
dataset = SyntheticGraphs()
train_set, test_set = random_split(dataset, [320, 80], generator=torch.Generator().manual_seed(0))
train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
test_loader = DataLoader(test_set, batch_size=80)

model = GCN(n_feat=6, n_class=2, n_layer=args.n_agg_layer, agg_hidden=args.agg_hidden,
            fc_hidden=args.fc_hidden, dropout=args.dropout, readout=args.readout_list, device=device)
c = 0
for p in filter(lambda p: p.requires_grad, model.parameters()):
    c += p.numel()
print('N trainable parameters:', c)
optimizer = torch.optim.Adam(model.parameters(), lr=args.learning_rate)

for epoch in range(args.epochs):
    model.train()
    train_loss, n_samples = 0, 0
    for batch_idx, data in enumerate(train_loader):
        optimizer.zero_grad()
        output = model(data)
        loss = F.cross_entropy(output, data[3])
        loss.backward()
        optimizer.step()
        train_loss += loss.item() * len(output)
        n_samples += len(output)
    model.eval()
    with torch.no_grad():
        correct = sum((model(d).argmax(1) == d[3]).sum().item() for d in test_loader)
    print('Train Epoch: {} \tLoss: {:.4f} \tTest acc: {:.3f}'.format(epoch + 1, train_loss / n_samples, correct / 80))
