"""Synthetic 'paper abstract' corpus: token ids drawn from topic-specific vocab slices;
each document carries 1-3 topic tags."""
import json
import os
import random

PAD, UNK, CLS = 0, 1, 2
N_SPECIAL = 3


def make_corpus(path, n_docs=800, vocab_size=500, n_tags=12, seed=3):
    rnd = random.Random(seed)
    words_per_tag = (vocab_size - N_SPECIAL) // n_tags
    docs = []
    for _ in range(n_docs):
        tags = sorted(rnd.sample(range(n_tags), rnd.randint(1, 3)))
        length = rnd.randint(10, 40)
        toks = []
        for _ in range(length):
            if rnd.random() < 0.6:
                t = rnd.choice(tags)
                toks.append(N_SPECIAL + t * words_per_tag + rnd.randrange(words_per_tag))
            else:
                toks.append(rnd.randrange(N_SPECIAL, vocab_size))
        docs.append({"tokens": toks, "tags": tags})
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        for d in docs:
            f.write(json.dumps(d) + "\n")


def read_jsonl(path):
    with open(path) as f:
        return [json.loads(line) for line in f]
