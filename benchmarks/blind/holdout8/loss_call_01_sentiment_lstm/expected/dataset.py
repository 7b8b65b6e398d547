import random

import torch
from torch.utils.data import Dataset

POS_WORDS = ["great", "awesome", "loved", "fantastic", "brilliant", "fun", "amazing", "best"]
NEG_WORDS = ["awful", "boring", "hated", "terrible", "worst", "dull", "waste", "bad"]
FILLER = ["the", "movie", "was", "and", "i", "it", "plot", "acting", "really", "a", "this", "film"]


def make_reviews(n, seed=0):
    rnd = random.Random(seed)
    reviews = []
    for _ in range(n):
        label = rnd.randint(0, 1)
        sentiment = POS_WORDS if label else NEG_WORDS
        words = [rnd.choice(FILLER) for _ in range(rnd.randint(8, 20))]
        for _ in range(3):
            words.insert(rnd.randrange(len(words)), rnd.choice(sentiment))
        reviews.append((" ".join(words), label))
    return reviews


def build_word2idx(reviews):
    word2idx = {"<pad>": 0, "<unk>": 1}
    for text, _ in reviews:
        for w in text.split():
            if w not in word2idx:
                word2idx[w] = len(word2idx)
    return word2idx


class SentimentDataset(Dataset):
    def __init__(self, reviews, word2idx, max_len=32):
        self.reviews = reviews
        self.word2idx = word2idx
        self.max_len = max_len

    def __len__(self):
        return len(self.reviews)

    def __getitem__(self, idx):
        text, label = self.reviews[idx]
        ids = [self.word2idx.get(w, 1) for w in text.split()][: self.max_len]
        ids += [0] * (self.max_len - len(ids))
        return torch.tensor(ids), torch.tensor(label)
