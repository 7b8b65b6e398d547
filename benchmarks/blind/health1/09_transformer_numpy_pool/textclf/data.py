import torch
from torch.utils.data import DataLoader, TensorDataset

PAD_ID = 0


def make_topic_corpus(n, vocab_size, max_len, num_topics, seed):
    """Each topic owns a slice of the vocabulary; documents mix topic words with filler."""
    g = torch.Generator().manual_seed(seed)
    filler_lo = 1 + num_topics * 8
    labels = torch.randint(0, num_topics, (n,), generator=g)
    lengths = torch.randint(max_len // 2, max_len + 1, (n,), generator=g)
    tokens = torch.randint(filler_lo, vocab_size, (n, max_len), generator=g)
    for i in range(n):
        L = int(lengths[i])
        k = int(torch.randint(2, 5, (1,), generator=g))
        pos = torch.randperm(L, generator=g)[:k]
        tokens[i, pos] = 1 + int(labels[i]) * 8 + torch.randint(0, 8, (k,), generator=g)
        tokens[i, L:] = PAD_ID
    return tokens, labels


def get_dataloaders(cfg):
    x_tr, y_tr = make_topic_corpus(cfg.n_train, cfg.vocab_size, cfg.max_len, cfg.num_classes, cfg.seed)
    x_va, y_va = make_topic_corpus(cfg.n_val, cfg.vocab_size, cfg.max_len, cfg.num_classes, cfg.seed + 1)
    return (
        DataLoader(TensorDataset(x_tr, y_tr), batch_size=cfg.batch_size, shuffle=True),
        DataLoader(TensorDataset(x_va, y_va), batch_size=cfg.batch_size),
    )
