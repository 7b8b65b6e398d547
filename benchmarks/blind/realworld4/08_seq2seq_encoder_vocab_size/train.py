import argparse
import math
import random

import torch
import torch.nn as nn

from data.fields import Field
from data.make_corpus import make_multi30k_like
from data.translation import TranslationDataset, BucketIterator
from models.build import build_model


def parse_args():
    p = argparse.ArgumentParser(description='Hyperparams')
    p.add_argument('-epochs', type=int, default=10, help='number of epochs for train')
    p.add_argument('-batch_size', type=int, default=32, help='number of epochs for train')
    p.add_argument('-lr', type=float, default=0.001, help='initial learning rate')
    p.add_argument('-grad_clip', type=float, default=10.0, help='in case of gradient explosion')
    p.add_argument('-hidden_size', type=int, default=64)
    p.add_argument('-min_freq', type=int, default=2)
    return p.parse_args()


def evaluate(model, val_iter, pad):
    model.eval()
    total_loss = 0
    crit = nn.CrossEntropyLoss(ignore_index=pad)
    with torch.no_grad():
        for src, trg in val_iter:
            output = model(src, trg, teacher_forcing_ratio=0.0)
            loss = crit(output[1:].view(-1, output.size(-1)), trg[1:].contiguous().view(-1))
            total_loss += loss.item()
    return total_loss / len(val_iter)


def train(e, model, optimizer, train_iter, grad_clip, pad):
    model.train()
    total_loss = 0
    crit = nn.CrossEntropyLoss(ignore_index=pad)
    for b, (src, trg) in enumerate(train_iter):
        optimizer.zero_grad()
        output = model(src, trg)
        loss = crit(output[1:].view(-1, output.size(-1)), trg[1:].contiguous().view(-1))
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), grad_clip)
        optimizer.step()
        total_loss += loss.item()
        if b % 10 == 0 and b != 0:
            print("[%d][loss:%5.2f][pp:%5.2f]" % (b, total_loss / 10, math.exp(total_loss / 10)))
            total_loss = 0


def main():
    args = parse_args()
    random.seed(0)
    torch.manual_seed(0)
    make_multi30k_like('.data/multi30k')

    DE = Field(init_token='<sos>', eos_token='<eos>')
    EN = Field(init_token='<sos>', eos_token='<eos>')
    train_data, val_data = TranslationDataset.splits(exts=('.de', '.en'), fields=(DE, EN), root='.data/multi30k')
    DE.build_vocab(train_data.src, min_freq=args.min_freq)
    EN.build_vocab(train_data.trg, min_freq=args.min_freq)
    print("[TRAIN]:%d (dataset:%d)\t[TEST]:%d (dataset:%d)" % (
        math.ceil(len(train_data.examples) / args.batch_size), len(train_data.examples),
        math.ceil(len(val_data.examples) / args.batch_size), len(val_data.examples)))
    print("[DE_vocab]:%d [en_vocab]:%d" % (len(DE.vocab), len(EN.vocab)))

    train_iter = BucketIterator(train_data, args.batch_size)
    val_iter = BucketIterator(val_data, args.batch_size, shuffle=False)

    print("[!] Instantiating models...")
    seq2seq = build_model(DE, EN, hidden_size=args.hidden_size)
    optimizer = torch.optim.Adam(seq2seq.parameters(), lr=args.lr)
    print(seq2seq)

    pad = EN.vocab.stoi['<pad>']
    best_val_loss = None
    for e in range(1, args.epochs + 1):
        train(e, seq2seq, optimizer, train_iter, args.grad_clip, pad)
        val_loss = evaluate(seq2seq, val_iter, pad)
        print("[Epoch:%d] val_loss:%5.3f | val_pp:%5.2fS" % (e, val_loss, math.exp(val_loss)))
        if not best_val_loss or val_loss < best_val_loss:
            best_val_loss = val_loss


if __name__ == "__main__":
    main()
