import random

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader, Dataset

PAD_ITEM = 0


def simulate_sessions(n_sessions, n_items, seed=0):
    """Users browse within a 'topic' (a contiguous item range) with occasional jumps."""
    rnd = random.Random(seed)
    sessions = []
    topic_size = n_items // 10
    for _ in range(n_sessions):
        topic = rnd.randrange(10)
        length = rnd.randint(3, 25)
        seq = []
        for _ in range(length):
            if rnd.random() < 0.85:
                seq.append(1 + topic * topic_size + rnd.randrange(topic_size))
            else:
                seq.append(1 + rnd.randrange(n_items - 1))
        sessions.append(seq)
    return sessions


class SessionDataset(Dataset):
    def __init__(self, sessions, max_len=12):
        self.sessions = sessions
        self.max_len = max_len

    def __len__(self):
        return len(self.sessions)

    def __getitem__(self, i):
        seq = self.sessions[i][-(self.max_len + 1):]
        return {"items": torch.tensor(seq[:-1]), "target": torch.tensor(seq[-1])}


def collate_sessions(batch):
    items = pad_sequence([b["items"] for b in batch], batch_first=True, padding_value=PAD_ITEM)
    return {"items": items, "target": torch.stack([b["target"] for b in batch])}


def make_loader(sessions, batch_size, shuffle):
    return DataLoader(SessionDataset(sessions), batch_size=batch_size, shuffle=shuffle,
                      collate_fn=collate_sessions)
