import argparse
import math

import torch

from lm import data, model as lm_model
from lm.engine import batchify, train, evaluate

parser = argparse.ArgumentParser(description='PyTorch RNN/LSTM Language Model')
parser.add_argument('--data', type=str, default='./data/toy', help='location of the data corpus')
parser.add_argument('--model', type=str, default='LSTM')
parser.add_argument('--emsize', type=int, default=64)
parser.add_argument('--nhid', type=int, default=64)
parser.add_argument('--nlayers', type=int, default=2)
parser.add_argument('--lr', type=float, default=20)
parser.add_argument('--clip', type=float, default=0.25)
parser.add_argument('--epochs', type=int, default=2)
parser.add_argument('--batch_size', type=int, default=20)
parser.add_argument('--bptt', type=int, default=35)
parser.add_argument('--dropout', type=float, default=0.2)
parser.add_argument('--seed', type=int, default=1111)
parser.add_argument('--log-interval', type=int, default=10)
parser.add_argument('--save', type=str, default='model.pt')
args = parser.parse_args()

torch.manual_seed(args.seed)
device = torch.device("cpu")

corpus = data.Corpus(args.data)
train_data = batchify(corpus.train, args.batch_size, device)
val_data = batchify(corpus.valid, 10, device)

ntokens = len(corpus.dictionary)
model = lm_model.RNNModel(args.model, ntokens, args.emsize, args.nhid, args.nlayers, args.dropout).to(device)

lr = args.lr
best_val_loss = None
for epoch in range(1, args.epochs + 1):
    train(model, train_data, ntokens, lr, epoch, args)
    val_loss = evaluate(model, val_data, ntokens, args)
    print('| end of epoch {:3d} | valid loss {:5.2f} | valid ppl {:8.2f}'.format(epoch, val_loss, math.exp(val_loss)))
    if not best_val_loss or val_loss < best_val_loss:
        with open(args.save, 'wb') as f:
            torch.save(model, f)
        best_val_loss = val_loss
    else:
        lr /= 4.0
