import torch


def make_corpus(n_docs, vocab_size, n_tags, doc_len, seed=0, val_frac=0.2):
    g = torch.Generator().manual_seed(seed)
    tag_words = torch.randint(1, vocab_size, (n_tags, 12), generator=g)
    y = (torch.rand(n_docs, n_tags, generator=g) < 0.25).float()
    tokens = torch.randint(1, vocab_size, (n_docs, doc_len), generator=g)
    for i in range(n_docs):
        pos = 0
        for t in y[i].nonzero().flatten().tolist():
            k = 6
            tokens[i, pos:pos + k] = tag_words[t, torch.randint(0, 12, (k,), generator=g)]
            pos += k
    perm = torch.randperm(doc_len, generator=g)
    tokens = tokens[:, perm]
    n_val = int(n_docs * val_frac)
    return (tokens[n_val:], y[n_val:]), (tokens[:n_val], y[:n_val])


def batches(tokens, y, batch_size, shuffle=False):
    idx = torch.randperm(len(y)) if shuffle else torch.arange(len(y))
    for s in range(0, len(y), batch_size):
        b = idx[s:s + batch_size]
        yield tokens[b], y[b]
