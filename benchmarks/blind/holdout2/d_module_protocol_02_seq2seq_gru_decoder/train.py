import argparse
import logging

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from seq2seq import Seq2Seq
from tasks import PAD, VOCAB_SIZE, SortDigits

log = logging.getLogger("seq2seq")


def token_accuracy(logits, gold):
    mask = gold != PAD
    return ((logits.argmax(-1) == gold) & mask).sum().item() / mask.sum().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    torch.manual_seed(0)

    train_dl = DataLoader(SortDigits(512, seed=0), batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(SortDigits(128, seed=1), batch_size=args.batch_size)
    model = Seq2Seq(VOCAB_SIZE, pad_idx=PAD)
    criterion = nn.CrossEntropyLoss(ignore_index=PAD)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        for step, (src, tgt) in enumerate(train_dl):
            tgt_in, tgt_out = tgt[:, :-1], tgt[:, 1:]
            logits = model(src, tgt_in)
            loss = criterion(logits.reshape(-1, VOCAB_SIZE), tgt_out.reshape(-1))
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            if step % 4 == 0:
                log.info("epoch %d step %d loss %.4f", epoch, step, loss.item())
        model.eval()
        with torch.no_grad():
            accs = [token_accuracy(model(s, t[:, :-1]), t[:, 1:]) for s, t in val_dl]
        log.info("epoch %d teacher-forced token acc %.3f", epoch, sum(accs) / len(accs))


if __name__ == "__main__":
    main()
