import argparse
import math
import os

import torch

from lm.corpus import Corpus, batchify
from lm.model import RNNModel
from lm.trainer import LMTrainer

parser = argparse.ArgumentParser(description="LSTM word-level language model (PTB-style)")
parser.add_argument("--emsize", type=int, default=64)
parser.add_argument("--nhid", type=int, default=64)
parser.add_argument("--nlayers", type=int, default=2)
parser.add_argument("--lr", type=float, default=20)
parser.add_argument("--clip", type=float, default=0.25)
parser.add_argument("--epochs", type=int, default=2)
parser.add_argument("--batch_size", type=int, default=20)
parser.add_argument("--eval_batch_size", type=int, default=10)
parser.add_argument("--bptt", type=int, default=35)
parser.add_argument("--dropout", type=float, default=0.2)
parser.add_argument("--tied", action="store_true")
parser.add_argument("--seed", type=int, default=1111)
parser.add_argument("--log-interval", type=int, default=20)
parser.add_argument("--save", type=str, default="model.pt")
args = parser.parse_args()

torch.manual_seed(args.seed)
HERE = os.path.dirname(os.path.abspath(__file__))

corpus = Corpus(seed=args.seed)
train_data = batchify(corpus.train, args.batch_size)
val_data = batchify(corpus.valid, args.eval_batch_size)
test_data = batchify(corpus.test, args.eval_batch_size)

ntokens = len(corpus.dictionary)
model = RNNModel(ntokens, args.emsize, args.nhid, args.nlayers, args.dropout, args.tied)
trainer = LMTrainer(model, ntokens, args)
save_path = os.path.join(HERE, "checkpoints", args.save)
trainer.fit(train_data, val_data, save_path)

model.load_state_dict(torch.load(save_path))
test_loss = trainer.evaluate(test_data)
print("=" * 89)
print(f"| End of training | test loss {test_loss:5.2f} | test ppl {math.exp(test_loss):8.2f}")
print("=" * 89)
