import torch

_WORDS = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "and", "runs", "away", "from", "a", "cat"]


def build_corpus(n_words=20000, seed=5):
    g = torch.Generator().manual_seed(seed)
    idx = torch.randint(0, len(_WORDS), (n_words,), generator=g).tolist()
    text = " ".join(_WORDS[i] for i in idx)
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    data = torch.tensor([stoi[c] for c in text], dtype=torch.long)
    n = int(0.9 * len(data))
    return data[:n], data[n:], len(chars)
