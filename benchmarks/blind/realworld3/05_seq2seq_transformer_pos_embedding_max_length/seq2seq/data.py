import random
import torch
from torch.nn.utils.rnn import pad_sequence

PAD_IDX, SOS_IDX, EOS_IDX = 1, 2, 3


def make_pairs(n, vocab, seed, min_len=5, max_len=120):
    """toy 'translation' corpus: target = source tokens reversed and shifted.
    Like Multi30k's long tail, a few sentences are much longer than average."""
    rnd = random.Random(seed)
    pairs = []
    for i in range(n):
        L = rnd.randint(min_len, 25) if i % 10 else rnd.randint(60, max_len)
        src = [rnd.randint(4, vocab - 1) for _ in range(L)]
        trg = [4 + (t - 4 + 1) % (vocab - 4) for t in reversed(src)]
        pairs.append((torch.tensor([SOS_IDX] + src + [EOS_IDX]), torch.tensor([SOS_IDX] + trg + [EOS_IDX])))
    return pairs


def batches(pairs, batch_size):
    for i in range(0, len(pairs), batch_size):
        chunk = pairs[i:i + batch_size]
        src = pad_sequence([s for s, _ in chunk], batch_first=True, padding_value=PAD_IDX)
        trg = pad_sequence([t for _, t in chunk], batch_first=True, padding_value=PAD_IDX)
        yield src, trg
