"""A toy POS-tagged corpus generated from templates, plus vocab + collate helpers."""
import random

import torch
from torch.nn.utils.rnn import pad_sequence

TAGS = ["DET", "NOUN", "VERB", "ADJ", "ADV", "PRON", "ADP", "PUNCT"]
LEX = {
    "DET": ["the", "a", "every", "this"],
    "NOUN": ["cat", "dog", "teacher", "river", "city", "idea", "song"],
    "VERB": ["sees", "likes", "finds", "builds", "hears", "loves"],
    "ADJ": ["old", "quiet", "bright", "small", "green"],
    "ADV": ["often", "slowly", "never", "quickly"],
    "PRON": ["she", "he", "it", "they"],
    "ADP": ["near", "under", "with", "behind"],
    "PUNCT": ["."],
}
TEMPLATES = [
    ["DET", "NOUN", "VERB", "DET", "NOUN", "PUNCT"],
    ["DET", "ADJ", "NOUN", "ADV", "VERB", "DET", "NOUN", "ADP", "DET", "NOUN", "PUNCT"],
    ["PRON", "VERB", "DET", "ADJ", "NOUN", "PUNCT"],
    ["PRON", "ADV", "VERB", "DET", "NOUN", "ADP", "DET", "ADJ", "NOUN", "PUNCT"],
]
PAD_TAG = -100


def generate(n, seed=0):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        tags = rnd.choice(TEMPLATES)
        out.append(([rnd.choice(LEX[t]) for t in tags], tags))
    return out


def build_vocab(sentences):
    words = sorted({w for s, _ in sentences for w in s})
    return {w: i + 1 for i, w in enumerate(words)}  # 0 = padding


def encode(sentences, vocab):
    tag_ix = {t: i for i, t in enumerate(TAGS)}
    return [(torch.tensor([vocab[w] for w in s]), torch.tensor([tag_ix[t] for t in ts])) for s, ts in sentences]


def collate(batch):
    words, tags = zip(*batch)
    return pad_sequence(words, batch_first=True, padding_value=0), pad_sequence(tags, batch_first=True, padding_value=PAD_TAG)
