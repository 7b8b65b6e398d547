import torch


def make_corpus(n=4096, seq=32, vocab=200, n_classes=4, seed=0):
    """Each class prefers its own band of 'topic words'; the rest are uniform filler."""
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, n_classes, (n,), generator=g)
    tokens = torch.randint(0, vocab, (n, seq), generator=g)
    band = vocab // n_classes
    topical = torch.rand(n, seq, generator=g) < 0.3
    topic_words = labels[:, None] * band + torch.randint(0, band, (n, seq), generator=g)
    return torch.where(topical, topic_words, tokens), labels
