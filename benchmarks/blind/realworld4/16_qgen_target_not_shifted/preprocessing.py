import random
from collections import Counter

import torch
from torch.utils.data import Dataset

PAD, SOS, EOS, UNK = "<pad>", "<sos>", "<eos>", "<unk>"

SUBJECTS = ["the river", "the empire", "the city", "the treaty", "the engine", "the museum", "the team", "the storm"]
VERBS = ["founded", "built", "signed", "destroyed", "opened", "won", "reached", "crossed"]
OBJECTS = ["in 1820", "in the north", "by the king", "after the war", "near the coast", "in march", "for the people"]


def make_squad_like(n=640, seed=0):
    """(sentence, question) pairs in the spirit of SQuAD question generation"""
    rnd = random.Random(seed)
    pairs = []
    for _ in range(n):
        s, v, o = rnd.choice(SUBJECTS), rnd.choice(VERBS), rnd.choice(OBJECTS)
        sentence = "{} was {} {} according to the records".format(s, v, o)
        wh = "when" if o.startswith("in 1") or o == "in march" or o == "after the war" else "where"
        question = "{} was {} {} ?".format(wh, s, v)
        pairs.append((sentence.split(), question.split()))
    return pairs


class Vocab:
    def __init__(self, sequences, min_count=1):
        c = Counter(w for s in sequences for w in s)
        self.itos = [PAD, SOS, EOS, UNK] + sorted(w for w, k in c.items() if k >= min_count)
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def encode(self, words, max_len, add_sos_eos=False):
        ids = [self.stoi.get(w, 3) for w in words]
        if add_sos_eos:
            ids = [1] + ids[:max_len - 2] + [2]
        ids = ids[:max_len]
        return ids + [0] * (max_len - len(ids))

    def __len__(self):
        return len(self.itos)


class SquadDataset(Dataset):
    def __init__(self, pairs, vocab, max_len_sentence, max_len_question):
        self.data = [(torch.tensor(vocab.encode(s, max_len_sentence)),
                      torch.tensor(vocab.encode(q, max_len_question, add_sos_eos=True))) for s, q in pairs]

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]
