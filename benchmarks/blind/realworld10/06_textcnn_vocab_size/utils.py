import numpy as np
import torch
from collections import Counter
from torch.utils.data import Dataset as TorchDataset, DataLoader

PAD, UNK = '<pad>', '<unk>'

TOPICS = {
    0: 'match team goal season coach league player score win cup',
    1: 'market stock shares profit bank price company oil trade deal',
    2: 'computer software internet phone chip online users web data apple',
    3: 'president minister election government war talks police troops vote court',
}
FILLER = 'the a of to in and on for with said it was by at from as new has'.split()


def synth_ag_news(n, seed):
    rng = np.random.RandomState(seed)
    rows = []
    for _ in range(n):
        label = rng.randint(4)
        words = rng.choice(TOPICS[label].split(), size=rng.randint(3, 7)).tolist()
        words += rng.choice(FILLER, size=rng.randint(4, 10)).tolist()
        # a few rare words per sentence, like names/places in the real headlines
        words += ['w%d' % rng.randint(0, 400) for _ in range(rng.randint(1, 4))]
        rng.shuffle(words)
        rows.append((label, ' '.join(words)))
    return rows


class NewsDataset(TorchDataset):
    def __init__(self, rows, word2idx, max_len):
        self.rows = rows
        self.word2idx = word2idx
        self.max_len = max_len

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        label, text = self.rows[i]
        ids = [self.word2idx.get(w, self.word2idx[UNK]) for w in text.split()][:self.max_len]
        ids += [self.word2idx[PAD]] * (self.max_len - len(ids))
        return torch.tensor(ids), label


class Dataset(object):
    def __init__(self, config):
        self.config = config
        self.train_iterator = None
        self.test_iterator = None
        self.val_iterator = None
        self.vocab = []
        self.word2idx = {}

    def build_vocab(self, rows, min_freq=1):
        counter = Counter(w for _, text in rows for w in text.split())
        self.vocab = [w for w, c in counter.most_common() if c >= min_freq]
        self.word2idx = {PAD: 0, UNK: 1}
        for w in self.vocab:
            self.word2idx[w] = len(self.word2idx)

    def load_data(self):
        train_rows = synth_ag_news(480, seed=0)
        test_rows = synth_ag_news(100, seed=1)
        val_rows = synth_ag_news(100, seed=2)
        self.build_vocab(train_rows)
        print("Loaded {} training examples".format(len(train_rows)))
        print("Loaded {} test examples".format(len(test_rows)))
        print("Loaded {} validation examples".format(len(val_rows)))
        L = self.config.max_sen_len
        self.train_iterator = DataLoader(NewsDataset(train_rows, self.word2idx, L),
                                         batch_size=self.config.batch_size, shuffle=True)
        self.val_iterator = DataLoader(NewsDataset(val_rows, self.word2idx, L),
                                       batch_size=self.config.batch_size, shuffle=False)
        self.test_iterator = DataLoader(NewsDataset(test_rows, self.word2idx, L),
                                        batch_size=self.config.batch_size, shuffle=False)


def evaluate_model(model, iterator):
    all_preds, all_y = [], []
    model.eval()
    with torch.no_grad():
        for x, y in iterator:
            y_pred = model(x)
            all_preds.extend(y_pred.argmax(1).tolist())
            all_y.extend(y.tolist())
    model.train()
    return float(np.mean(np.array(all_preds) == np.array(all_y)))
