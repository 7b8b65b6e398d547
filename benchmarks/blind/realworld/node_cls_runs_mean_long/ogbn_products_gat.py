import argparse

import torch
import torch.nn.functional as F
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument('--runs', type=int, default=3)
parser.add_argument('--epochs', type=int, default=20)
args = parser.parse_args()

torch.manual_seed(12345)

# small synthetic stand-in for ogbn-products: node features, labels, adjacency, split
num_nodes, num_features, num_classes = 200, 16, 5
x = torch.randn(num_nodes, num_features)
y = torch.randint(0, num_classes, (num_nodes, 1))
x[torch.arange(num_nodes), y.view(-1)] += 2.0
adj = (torch.rand(num_nodes, num_nodes) < 0.05).float()
adj = adj + torch.eye(num_nodes)
adj = adj / adj.sum(dim=1, keepdim=True)
perm = torch.randperm(num_nodes)
split_idx = {'train': perm[:120], 'valid': perm[120:160], 'test': perm[160:]}


class GAT(nn.Module):
    def __init__(self, in_channels, hidden_channels, out_channels, num_layers, heads):
        super().__init__()
        self.num_layers = num_layers
        self.convs = nn.ModuleList()
        self.convs.append(nn.Linear(in_channels, heads * hidden_channels))
        for _ in range(num_layers - 2):
            self.convs.append(nn.Linear(heads * hidden_channels, heads * hidden_channels))
        self.convs.append(nn.Linear(heads * hidden_channels, out_channels))

    def reset_parameters(self):
        for conv in self.convs:
            conv.reset_parameters()

    def forward(self, x, adj):
        for i, conv in enumerate(self.convs):
            x = adj @ conv(x)
            if i != self.num_layers - 1:
                x = F.elu(x)
                x = F.dropout(x, p=0.5, training=self.training)
        return x.log_softmax(dim=-1)


model = GAT(num_features, 16, num_classes, num_layers=3, heads=2)


def train(epoch):
    model.train()
    optimizer.zero_grad()
    out = model(x, adj)
    idx = split_idx['train']
    loss = F.nll_loss(out[idx], y.squeeze(1)[idx])
    loss.backward()
    optimizer.step()
    return float(loss)


@torch.no_grad()
def test():
    model.eval()
    out = model(x, adj)
    y_pred = out.argmax(dim=-1, keepdim=True)
    results = []
    for split in ['train', 'valid', 'test']:
        idx = split_idx[split]
        results += [int(y_pred[idx].eq(y[idx]).sum()) * 100 // idx.numel()]
    return results


test_accs = []
for run in range(1, 1 + args.runs):
    print(f'\nRun {run:02d}:\n')
    model.reset_parameters()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)

    best_val_acc = final_test_acc = 0
    for epoch in range(1, args.epochs + 1):
        loss = train(epoch)
        train_acc, val_acc, test_acc = test()
        if epoch % 5 == 0:
            print(f'Epoch: {epoch:02d}, Loss: {loss:.4f}, Train: {train_acc}%, '
                  f'Val: {val_acc}%, Test: {test_acc}%')
        if val_acc > best_val_acc:
            best_val_acc = val_acc
            final_test_acc = test_acc
    test_accs.append(final_test_acc)

test_acc = torch.tensor(test_accs)
print('============================')
print(f'Final Test: {test_acc.mean():.4f} ± {test_acc.std():.4f}')
