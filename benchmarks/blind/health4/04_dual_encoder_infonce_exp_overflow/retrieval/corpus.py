import torch


def build_synthetic_qd(n_pairs, vocab, seed=0, q_len=6, d_len=40):
    """Each document is about one of n_pairs 'topics'; its query shares some topic words."""
    g = torch.Generator().manual_seed(seed)
    topic_words = torch.randint(0, vocab, (n_pairs, 12), generator=g)
    q_idx = topic_words[:, torch.randint(0, 12, (q_len,), generator=g)]
    filler = torch.randint(0, vocab, (n_pairs, d_len - 12), generator=g)
    d_idx = torch.cat([topic_words, filler], dim=1)
    return torch.utils.data.TensorDataset(q_idx, d_idx)
