import argparse
import time

import torch
import torch.nn as nn

from lm.corpus import CharCorpus, batchify, get_batch, synthetic_text
from lm.model import RNNModel
from lm.utils import detach_hidden, perplexity

parser = argparse.ArgumentParser(description="Character-level RNN language model")
parser.add_argument("--model", type=str, default="LSTM", choices=["LSTM", "GRU"])
parser.add_argument("--emsize", type=int, default=32)
parser.add_argument("--nhid", type=int, default=64)
parser.add_argument("--nlayers", type=int, default=2)
parser.add_argument("--lr", type=float, default=2e-3)
parser.add_argument("--clip", type=float, default=0.25)
parser.add_argument("--epochs", type=int, default=2)
parser.add_argument("--batch_size", type=int, default=32)
parser.add_argument("--bptt", type=int, default=35)
parser.add_argument("--seed", type=int, default=1111)
parser.add_argument("--log-interval", type=int, default=20)
args = parser.parse_args()

torch.manual_seed(args.seed)
corpus = CharCorpus(synthetic_text())
train_data = batchify(corpus.train, args.batch_size)
val_data = batchify(corpus.valid, 16)

model = RNNModel(args.model, corpus.vocab_size, args.emsize, args.nhid, args.nlayers)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)


def evaluate(source):
    model.eval()
    total = 0.0
    hidden = model.init_hidden(source.size(1))
    with torch.no_grad():
        for i in range(0, source.size(0) - 1, args.bptt):
            data, targets = get_batch(source, i, args.bptt)
            output, hidden = model(data, hidden)
            total += len(data) * criterion(output.view(-1, corpus.vocab_size), targets.reshape(-1)).item()
    return total / (len(source) - 1)


def train_one_epoch(epoch):
    model.train()
    hidden = model.init_hidden(args.batch_size)
    total, start = 0.0, time.time()
    for batch, i in enumerate(range(0, train_data.size(0) - 1, args.bptt)):
        data, targets = get_batch(train_data, i, args.bptt)
        hidden = detach_hidden(hidden)
        optimizer.zero_grad()
        output, hidden = model(data, hidden)
        loss = criterion(output.view(-1, corpus.vocab_size), targets.reshape(-1))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
        optimizer.step()
        total += loss.item()
        if batch % args.log_interval == 0 and batch > 0:
            cur = total / args.log_interval
            print(f"| epoch {epoch} | batch {batch} | loss {cur:.3f} | ppl {perplexity(cur):.2f} "
                  f"| {time.time() - start:.1f}s")
            total, start = 0.0, time.time()


for epoch in range(1, args.epochs + 1):
    train_one_epoch(epoch)
    val_loss = evaluate(val_data)
    print(f"| end of epoch {epoch} | valid loss {val_loss:.3f} | valid ppl {perplexity(val_loss):.2f}")
