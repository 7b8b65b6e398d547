import json
import os
import random

import torch
from torch.utils.data import Dataset

WORDS_BY_STAR = {
    1: ["horrible", "broken", "refund", "worst", "useless"],
    2: ["disappointing", "flimsy", "meh", "slow"],
    3: ["okay", "average", "fine", "decent"],
    4: ["good", "solid", "nice", "recommend"],
    5: ["amazing", "perfect", "love", "excellent", "flawless"],
}
COMMON = ["product", "arrived", "the", "it", "is", "and", "battery", "screen", "price", "after", "week", "a"]


def write_jsonl(path, n, seed):
    rnd = random.Random(seed)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        for i in range(n):
            stars = rnd.randint(1, 5)
            words = [rnd.choice(COMMON) for _ in range(rnd.randint(8, 30))]
            for _ in range(rnd.randint(1, 3)):
                words.insert(rnd.randrange(len(words)), rnd.choice(WORDS_BY_STAR[stars]))
            f.write(json.dumps({"review_id": i, "text": " ".join(words), "stars": stars}) + "\n")


def build_vocab(paths):
    vocab = {"[PAD]": 0, "[CLS]": 1, "[UNK]": 2}
    for p in paths:
        with open(p) as f:
            for line in f:
                for w in json.loads(line)["text"].split():
                    vocab.setdefault(w, len(vocab))
    return vocab


class ReviewDataset(Dataset):
    def __init__(self, path, vocab, max_len):
        self.examples = []
        with open(path) as f:
            for line in f:
                rec = json.loads(line)
                ids = [1] + [vocab.get(w, 2) for w in rec["text"].split()][: max_len - 1]
                ids += [0] * (max_len - len(ids))
                self.examples.append((torch.tensor(ids), rec["stars"]))

    def __len__(self):
        return len(self.examples)

    def __getitem__(self, i):
        return self.examples[i]
