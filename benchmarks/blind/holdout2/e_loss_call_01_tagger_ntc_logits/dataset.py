import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import Dataset

from corpus import TAGS

PAD_TAG = -100


class TaggingDataset(Dataset):
    def __init__(self, sents, word2id=None):
        if word2id is None:
            word2id = {"<pad>": 0, "<unk>": 1}
            for words, _ in sents:
                for w in words:
                    word2id.setdefault(w, len(word2id))
        self.word2id = word2id
        self.tag2id = {t: i for i, t in enumerate(TAGS)}
        self.data = [
            (torch.tensor([word2id.get(w, 1) for w in ws]), torch.tensor([self.tag2id[t] for t in ts]))
            for ws, ts in sents
        ]

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]


def pad_batch(batch):
    words, tags = zip(*batch)
    return (pad_sequence(words, batch_first=True, padding_value=0),
            pad_sequence(tags, batch_first=True, padding_value=PAD_TAG))
