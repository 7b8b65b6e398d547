import argparse
import os
import random
import time

import torch
from torch.utils.data import DataLoader

import models
from utils.data import ReverseCopyTask
from utils.ema import EMA
from utils.losses import label_smoothed_nll, token_accuracy


def build_parser():
    p = argparse.ArgumentParser(description="seq2seq reverse-copy baseline")
    g = p.add_argument_group("data")
    g.add_argument("--n-train", type=int, default=1024)
    g.add_argument("--n-valid", type=int, default=256)
    g.add_argument("--seq-len", type=int, default=8)
    g.add_argument("--n-symbols", type=int, default=20)
    g = p.add_argument_group("model")
    g.add_argument("--arch", default="gru_attn", choices=models.available())
    g.add_argument("--emb-dim", type=int, default=32)
    g.add_argument("--hid-dim", type=int, default=64)
    g.add_argument("--dropout", type=float, default=0.1)
    g = p.add_argument_group("optim")
    g.add_argument("--epochs", type=int, default=2)
    g.add_argument("--batch-size", type=int, default=64)
    g.add_argument("--lr", type=float, default=2e-3)
    g.add_argument("--clip-norm", type=float, default=1.0)
    g.add_argument("--label-smoothing", type=float, default=0.1)
    g.add_argument("--teacher-forcing", type=float, default=0.9)
    g.add_argument("--ema-decay", type=float, default=0.995)
    g.add_argument("--accum", type=int, default=1)
    g = p.add_argument_group("misc")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--save-dir", default="checkpoints")
    g.add_argument("--log-interval", type=int, default=10)
    return p


def main():
    args = build_parser().parse_args()
    random.seed(args.seed)
    torch.manual_seed(args.seed)
    train = ReverseCopyTask(args.n_train, args.seq_len, args.n_symbols, seed=args.seed)
    valid = ReverseCopyTask(args.n_valid, args.seq_len, args.n_symbols, seed=args.seed + 100)
    train_itr = DataLoader(train, batch_size=args.batch_size, shuffle=True, drop_last=True)
    valid_itr = DataLoader(valid, batch_size=args.batch_size)

    model = models.build(args.arch, vocab_size=ReverseCopyTask.vocab_size(args.n_symbols),
                         emb_dim=args.emb_dim, hid_dim=args.hid_dim, dropout=args.dropout)
    ema = EMA(model, args.ema_decay)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    print(f"| model {args.arch}, {sum(p.numel() for p in model.parameters())} params")

    for epoch in range(1, args.epochs + 1):
        model.train()
        t0 = time.time()
        for i, (src, tgt) in enumerate(train_itr):
            tgt_in, tgt_out = tgt[:, :-1], tgt[:, 1:]
            logits = model(src, tgt_in, teacher_forcing=args.teacher_forcing)
            loss = label_smoothed_nll(logits, tgt_out, eps=args.label_smoothing) / args.accum
            loss.backward()
            if (i + 1) % args.accum == 0:
                torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip_norm)
                optimizer.step()
                optimizer.zero_grad()
                ema.update(model)
            if i % args.log_interval == 0:
                print(f"| epoch {epoch:03d} | {i:4d}/{len(train_itr)} | loss {loss.item() * args.accum:.3f}")
        ema.shadow.eval()
        acc, n = 0.0, 0
        with torch.no_grad():
            for src, tgt in valid_itr:
                logits = ema.shadow(src, tgt[:, :-1], teacher_forcing=1.0)
                acc += token_accuracy(logits, tgt[:, 1:]) * src.size(0)
                n += src.size(0)
        print(f"| end of epoch {epoch:03d} | time {time.time() - t0:.1f}s | valid tok acc (ema) {acc / n:.3f}")

    os.makedirs(args.save_dir, exist_ok=True)
    torch.save({"model": model.state_dict(), "ema": ema.shadow.state_dict(), "args": vars(args)},
               os.path.join(args.save_dir, "checkpoint_last.pt"))


if __name__ == "__main__":
    main()
