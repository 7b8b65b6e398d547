import random
import torch
from torch.utils.data import Dataset

PAD = 0


def simulate_sessions(n_sessions=600, n_items=500, n_topics=10, max_len=12, seed=4):
    rnd = random.Random(seed)
    per_topic = (n_items - 1) // n_topics
    sessions = []
    for _ in range(n_sessions):
        topic = rnd.randrange(n_topics)
        length = rnd.randint(3, max_len)
        base = 1 + topic * per_topic
        sessions.append([base + rnd.randrange(per_topic) for _ in range(length)])
    return sessions


class NextItemPrefixes(Dataset):
    """Every prefix of every session -> the next clicked item. Prefixes are left-padded."""

    def __init__(self, sessions, max_len):
        self.examples = []
        for s in sessions:
            for t in range(1, len(s)):
                prefix = s[max(0, t - max_len):t]
                self.examples.append(([PAD] * (max_len - len(prefix)) + prefix, s[t]))

    def __len__(self):
        return len(self.examples)

    def __getitem__(self, i):
        prefix, target = self.examples[i]
        return torch.tensor(prefix), torch.tensor(target)
