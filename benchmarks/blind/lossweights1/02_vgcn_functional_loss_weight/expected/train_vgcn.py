import argparse
import time

import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from model_vgcn import VGCNClassifier
from utils import build_vocab_adj, get_class_count_and_weight, make_corpus

parser = argparse.ArgumentParser()
parser.add_argument('--ds', type=str, default='cola')
parser.add_argument('--num_train_epochs', type=int, default=4)
parser.add_argument('--batch_size', type=int, default=16)
parser.add_argument('--lr', type=float, default=1e-2)
parser.add_argument('--do_weighted', action='store_true', default=True)
args = parser.parse_args()

np.random.seed(44)
torch.manual_seed(44)
rng = np.random.RandomState(44)
device = torch.device('cpu')

n_vocab, seq_len, num_classes = 60, 16, 3
X, y = make_corpus(200, n_vocab, seq_len, num_classes, rng)
train_X, train_y, valid_X, valid_y = X[:160], y[:160], X[160:], y[160:]

train_classes_num, train_classes_weight = get_class_count_and_weight(train_y, num_classes)
loss_weight = torch.tensor(train_classes_weight, dtype=torch.float).to(device)
print('Train classes count:', train_classes_num)

gcn_adj = build_vocab_adj(n_vocab, rng)
train_dataloader = DataLoader(TensorDataset(torch.from_numpy(train_X), torch.from_numpy(train_y)),
                              batch_size=args.batch_size, shuffle=True)
valid_dataloader = DataLoader(TensorDataset(torch.from_numpy(valid_X), torch.from_numpy(valid_y)),
                              batch_size=args.batch_size)

model = VGCNClassifier(gcn_adj, n_vocab, emb_dim=16, gcn_dim=16, num_labels=num_classes).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)


def evaluate(model, dataloader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for input_ids, label_ids in dataloader:
            correct += (model(input_ids).argmax(-1) == label_ids).sum().item()
            total += len(label_ids)
    model.train()
    return correct / total


for epoch in range(args.num_train_epochs):
    t0 = time.time()
    tr_loss = 0
    for step, batch in enumerate(train_dataloader):
        input_ids, label_ids = [t.to(device) for t in batch]
        logits = model(input_ids)
        if args.do_weighted:
            loss = F.cross_entropy(logits.view(-1, num_classes), label_ids, loss_weight)
        else:
            loss = F.cross_entropy(logits.view(-1, num_classes), label_ids)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        tr_loss += loss.item()
    print('Epoch %d, train loss %.4f, valid acc %.3f, %.1fs'
          % (epoch, tr_loss / len(train_dataloader), evaluate(model, valid_dataloader), time.time() - t0))
