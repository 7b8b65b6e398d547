import os
import sys
import tomllib

import torch
from torch.utils.data import DataLoader

from tagger.corpus import TAGS, TaggingDataset, Vocab, generate, pad_batch
from tagger.losses import masked_token_loss, token_accuracy
from tagger.model import BiLSTMTagger


def load_config(path):
    with open(path, "rb") as f:
        return tomllib.load(f)


def run_epoch(model, loader, optimizer=None, clip=None):
    training = optimizer is not None
    model.train(training)
    tot_loss, n_batches, correct, count = 0.0, 0, 0, 0
    with torch.set_grad_enabled(training):
        for words, tags, lengths in loader:
            logits = model(words, lengths)
            loss = masked_token_loss(logits, tags)
            if training:
                optimizer.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
                optimizer.step()
            c, n = token_accuracy(logits, tags)
            correct += c
            count += n
            tot_loss += loss.item()
            n_batches += 1
    return tot_loss / n_batches, correct / count


def main(cfg_path="config.toml"):
    cfg = load_config(cfg_path)
    torch.manual_seed(cfg["run"]["seed"])
    d, m, o = cfg["data"], cfg["model"], cfg["optim"]

    train_sents = generate(d["train_sentences"], cfg["run"]["seed"], d["min_len"], d["max_len"])
    dev_sents = generate(d["dev_sentences"], cfg["run"]["seed"] + 1, d["min_len"], d["max_len"])
    vocab = Vocab(train_sents)
    train_dl = DataLoader(TaggingDataset(train_sents, vocab), batch_size=o["batch_size"],
                          shuffle=True, collate_fn=pad_batch)
    dev_dl = DataLoader(TaggingDataset(dev_sents, vocab), batch_size=64, collate_fn=pad_batch)

    model = BiLSTMTagger(len(vocab), len(TAGS), **m)
    optimizer = torch.optim.Adam(model.parameters(), lr=o["lr"])

    best = 0.0
    os.makedirs(cfg["run"]["output_dir"], exist_ok=True)
    for epoch in range(1, o["epochs"] + 1):
        tr_loss, tr_acc = run_epoch(model, train_dl, optimizer, o["clip_norm"])
        dv_loss, dv_acc = run_epoch(model, dev_dl)
        print(f"[{epoch}] train loss {tr_loss:.3f} acc {tr_acc:.3f} | dev loss {dv_loss:.3f} acc {dv_acc:.3f}")
        if dv_acc > best:
            best = dv_acc
            torch.save({"model": model.state_dict(), "vocab": vocab.itos, "tags": TAGS},
                       os.path.join(cfg["run"]["output_dir"], "best.pt"))
    print(f"best dev token accuracy: {best:.3f}")


if __name__ == "__main__":
    main(*sys.argv[1:])
