import json
import random

import torch
import torch.nn as nn

PAD_TAG = -100


def load_config(path):
    with open(path) as f:
        return json.load(f)


def make_tagged_corpus(n, vocab_size, num_tags, max_len, seed):
    """Each word id has a fixed 'gold' tag, like a toy POS lexicon."""
    rnd = random.Random(seed)
    lexicon = {w: rnd.randrange(num_tags) for w in range(1, vocab_size)}
    corpus = []
    for _ in range(n):
        length = rnd.randint(5, max_len)
        words = [rnd.randrange(1, vocab_size) for _ in range(length)]
        corpus.append((words, [lexicon[w] for w in words]))
    return corpus


def pad_batch(batch, max_len):
    words = torch.zeros(len(batch), max_len, dtype=torch.long)
    tags = torch.full((len(batch), max_len), PAD_TAG, dtype=torch.long)
    for i, (w, t) in enumerate(batch):
        words[i, : len(w)] = torch.tensor(w)
        tags[i, : len(t)] = torch.tensor(t)
    return words, tags


criterion = nn.CrossEntropyLoss(ignore_index=PAD_TAG)


def sequence_loss(logits, tags):
    return criterion(logits.reshape(-1, logits.size(-1)), tags.reshape(-1))


def token_accuracy(logits, tags):
    mask = tags != PAD_TAG
    preds = logits.argmax(-1)
    return ((preds == tags) & mask).sum().item() / mask.sum().item()
