import torch
from torch.utils.data import DataLoader, TensorDataset

POSITIVE = [3, 11, 29]   # token ids of "great", "love", "excellent"
NEGATIVE = [4, 13, 31]   # "awful", "boring", "refund"


def fake_reviews(n, seq_len, vocab, seed):
    g = torch.Generator().manual_seed(seed)
    toks = torch.randint(40, vocab, (n, seq_len), generator=g)
    y = torch.randint(0, 2, (n,), generator=g)
    for i in range(n):
        words = POSITIVE if y[i] else NEGATIVE
        pos = torch.randint(0, seq_len, (6,), generator=g)
        toks[i, pos] = torch.tensor(words * 2)
    return toks, y


def loaders(args):
    xtr, ytr = fake_reviews(args.n_train, args.seq_len, args.vocab, seed=0)
    xva, yva = fake_reviews(args.n_val, args.seq_len, args.vocab, seed=1)
    return (DataLoader(TensorDataset(xtr, ytr), batch_size=args.batch_size, shuffle=True),
            DataLoader(TensorDataset(xva, yva), batch_size=args.batch_size))
