import argparse
import json
import os
import random

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from s2s.data import TransductionDataset, collate_pairs
from s2s.seq2seq import Seq2Seq
from s2s.vocab import PAD, CharVocab

HERE = os.path.dirname(os.path.abspath(__file__))


def sequence_accuracy(logits, tgt):
    pred = logits.argmax(-1)
    mask = tgt != PAD
    return ((pred == tgt) | ~mask).all(1).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/reverse_digits.json")
    cfg = json.load(open(os.path.join(HERE, ap.parse_args().config)))
    random.seed(cfg["seed"])
    torch.manual_seed(cfg["seed"])

    vocab = CharVocab(cfg["vocab"])
    mk = lambda n, s: TransductionDataset(vocab, n, cfg["min_len"], cfg["max_len"], cfg["task"], s)
    train_dl = DataLoader(mk(cfg["n_train"], cfg["seed"]), batch_size=cfg["batch_size"],
                          shuffle=True, collate_fn=collate_pairs)
    val_dl = DataLoader(mk(cfg["n_val"], cfg["seed"] + 1), batch_size=cfg["batch_size"],
                        collate_fn=collate_pairs)

    model = Seq2Seq(len(vocab), cfg["emb_dim"], cfg["hidden_dim"], cfg["encoder_bidirectional"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])

    for epoch in range(cfg["epochs"]):
        model.train()
        for step, (src, src_lens, tgt) in enumerate(train_dl):
            logits = model(src, src_lens, tgt, cfg["teacher_forcing"])
            loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tgt.reshape(-1), ignore_index=PAD)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            if step % 10 == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.3f}")
        model.eval()
        with torch.no_grad():
            accs = [sequence_accuracy(model(s, l, t), t) for s, l, t in val_dl]
        print(f"epoch {epoch} val exact-match {sum(accs) / len(accs):.3f}")
        src, l, t = next(iter(val_dl))
        with torch.no_grad():
            pred = model(src[:1], l[:1], t[:1]).argmax(-1)[0].tolist()
        print(f"  {vocab.decode(src[0].tolist())} -> {vocab.decode(pred)}")


if __name__ == "__main__":
    main()
