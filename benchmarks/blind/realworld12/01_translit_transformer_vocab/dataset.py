import random

import torch
from torch.utils.data import Dataset

from vocab import (english_vocabulary, kannada_vocabulary, START_TOKEN,
                   PADDING_TOKEN, END_TOKEN)


def make_pairs(n, seed=0):
    rng = random.Random(seed)
    en_chars = english_vocabulary[1:]
    kn_chars = kannada_vocabulary[1:]
    pairs = []
    for _ in range(n):
        words_en, words_kn = [], []
        for _ in range(rng.randint(1, 3)):
            L = rng.randint(2, 5)
            idx = [rng.randrange(len(en_chars)) for _ in range(L)]
            words_en.append(''.join(en_chars[i] for i in idx))
            words_kn.append(''.join(kn_chars[i % len(kn_chars)] for i in idx))
        pairs.append((' '.join(words_en), ' '.join(words_kn)))
    return pairs


class TextDataset(Dataset):
    def __init__(self, english_sentences, kannada_sentences):
        self.english_sentences = english_sentences
        self.kannada_sentences = kannada_sentences

    def __len__(self):
        return len(self.english_sentences)

    def __getitem__(self, idx):
        return self.english_sentences[idx], self.kannada_sentences[idx]


def tokenize(sentence, language_to_index, max_sequence_length, start_token=True, end_token=True):
    ids = [language_to_index[ch] for ch in sentence]
    if start_token:
        ids.insert(0, language_to_index[START_TOKEN])
    if end_token:
        ids.append(language_to_index[END_TOKEN])
    ids = ids[:max_sequence_length]
    ids += [language_to_index[PADDING_TOKEN]] * (max_sequence_length - len(ids))
    return torch.tensor(ids)
