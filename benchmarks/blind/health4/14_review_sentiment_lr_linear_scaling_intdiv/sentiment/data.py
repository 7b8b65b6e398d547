import torch


def review_batches(n=6000, batch_size=64, vocab=3000, seed=0):
    """Variable-length reviews; 200 positive and 200 negative cue words, the rest neutral."""
    g = torch.Generator().manual_seed(seed)
    batches = []
    for start in range(0, n, batch_size):
        toks, offs, ys = [], [], []
        for _ in range(min(batch_size, n - start)):
            length = int(torch.randint(8, 40, (1,), generator=g))
            t = torch.randint(400, vocab, (length,), generator=g)
            label = float(torch.rand(1, generator=g) < 0.5)
            k = max(1, length // 3)
            cue = torch.randint(0, 200, (k,), generator=g) + (0 if label else 200)
            t[torch.randperm(length, generator=g)[:k]] = cue
            offs.append(sum(len(x) for x in toks))
            toks.append(t)
            ys.append(label)
        batches.append((torch.cat(toks), torch.tensor(offs), torch.tensor(ys)))
    return batches
