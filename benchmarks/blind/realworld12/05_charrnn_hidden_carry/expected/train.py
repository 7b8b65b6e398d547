import argparse
import time

import torch
import torch.nn as nn

from data import Corpus, batchify, get_batch
from model import CharRNN

parser = argparse.ArgumentParser(description='char-level LSTM language model')
parser.add_argument('--epochs', type=int, default=4)
parser.add_argument('--batch_size', type=int, default=8)
parser.add_argument('--bptt', type=int, default=20)
parser.add_argument('--lr', type=float, default=0.01)
parser.add_argument('--clip', type=float, default=0.25)
parser.add_argument('--seed', type=int, default=1111)
args = parser.parse_args()

torch.manual_seed(args.seed)

corpus = Corpus()
train_data = batchify(corpus.data, args.batch_size)
model = CharRNN(len(corpus.chars))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)


def train(epoch):
    model.train()
    total_loss = 0.
    start_time = time.time()
    hidden = model.init_hidden(args.batch_size)
    n = 0
    for batch, i in enumerate(range(0, train_data.size(0) - 1, args.bptt)):
        data, targets = get_batch(train_data, i, args.bptt)
        hidden = tuple(h.detach() for h in hidden)
        optimizer.zero_grad()
        output, hidden = model(data, hidden)
        loss = criterion(output.view(-1, output.size(-1)), targets.reshape(-1))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
        optimizer.step()
        total_loss += loss.item()
        n += 1
    print('| epoch {:3d} | {:5.2f}s | loss {:5.3f}'.format(epoch, time.time() - start_time, total_loss / n))


for epoch in range(1, args.epochs + 1):
    train(epoch)
