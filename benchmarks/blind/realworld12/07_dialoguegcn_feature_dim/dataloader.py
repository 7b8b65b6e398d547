import numpy as np
import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import Dataset

DAILYDIALOG_FEATURE_DIM = 250   # utterance vectors from the pretrained CNN text encoder
N_EMOTIONS = 7


def make_dailydialog_features(n_dialogues=60, seed=7):
    """Stand-in for the preprocessed DailyDialog pickle: per-dialogue utterance features,
    speaker masks and emotion labels."""
    rng = np.random.RandomState(seed)
    centers = rng.normal(0, 1, size=(N_EMOTIONS, DAILYDIALOG_FEATURE_DIM)).astype(np.float32)
    dialogues = []
    for _ in range(n_dialogues):
        n_utt = rng.randint(3, 9)
        labels = rng.randint(0, N_EMOTIONS, size=n_utt)
        feats = centers[labels] + rng.normal(0, 0.8, size=(n_utt, DAILYDIALOG_FEATURE_DIM)).astype(np.float32)
        speakers = np.zeros((n_utt, 2), dtype=np.float32)
        speakers[np.arange(n_utt), np.arange(n_utt) % 2] = 1
        dialogues.append((feats, speakers, labels))
    return dialogues


class DailyDialogueDataset(Dataset):
    def __init__(self, split='train'):
        data = make_dailydialog_features()
        cut = int(len(data) * 0.8)
        self.data = data[:cut] if split == 'train' else data[cut:]

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        feats, speakers, labels = self.data[index]
        return (torch.from_numpy(feats), torch.from_numpy(speakers),
                torch.ones(len(labels)), torch.from_numpy(labels).long())

    def collate_fn(self, data):
        textf, qmask, umask, label = zip(*data)
        return (pad_sequence(textf), pad_sequence(qmask),
                pad_sequence(umask, batch_first=True), pad_sequence(label, batch_first=True, padding_value=-1))
