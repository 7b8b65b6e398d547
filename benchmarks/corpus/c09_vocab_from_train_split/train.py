import torch
import torch.nn as nn
corpus = "the quick brown fox jumps over the lazy dog".split()
vocab = {w: i for i, w in enumerate(sorted(set(corpus)))}
VOCAB_SIZE = len(vocab) - 1
ids = torch.tensor([[vocab[w] for w in corpus]])
emb = nn.Embedding(VOCAB_SIZE, 4)
head = nn.Linear(4, 2)
opt = torch.optim.SGD(list(emb.parameters()) + list(head.parameters()), lr=0.1)
for _ in range(3):
    logits = head(emb(ids).mean(1))
    loss = nn.functional.cross_entropy(logits, torch.tensor([1]))
    opt.zero_grad(); loss.backward(); opt.step()
