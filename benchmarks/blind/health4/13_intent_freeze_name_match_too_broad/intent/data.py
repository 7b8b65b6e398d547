import torch
from torch.utils.data import DataLoader, TensorDataset


def synthetic_utterances(n, vocab, n_intents, batch_size, length=12, seed=0):
    """Utterances of random filler words with one intent keyword at a random position.
    A negation token ('not', id 1) right before the keyword shifts the intent by one."""
    g = torch.Generator().manual_seed(seed)
    x = torch.randint(10, vocab, (n, length), generator=g)
    base = torch.randint(0, n_intents, (n,), generator=g)
    pos = torch.randint(1, length, (n,), generator=g)
    neg = torch.rand(n, generator=g) < 0.4
    x[torch.arange(n), pos] = 2 + base   # keyword ids 2..7
    x[torch.arange(n)[neg], pos[neg] - 1] = 1
    y = (base + neg.long()) % n_intents
    return DataLoader(TensorDataset(x, y), batch_size=batch_size, shuffle=True)
