import torch
from torch.utils.data import TensorDataset


def utterances(vocab_size, seq_len, n_intents, n_train, seed=0):
    """Token-id utterances; the intent is carried by a trigger word somewhere in the sentence."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, n_intents, (n_train,), generator=g)
    ids = torch.randint(n_intents + 1, vocab_size, (n_train, seq_len), generator=g)
    ids[:, 0] = 0  # [CLS]
    where = torch.randint(1, seq_len, (n_train,), generator=g)
    ids[torch.arange(n_train), where] = 1 + y
    return TensorDataset(ids, y)
