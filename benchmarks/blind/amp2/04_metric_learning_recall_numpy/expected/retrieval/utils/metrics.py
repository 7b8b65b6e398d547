"""Retrieval metrics. Embeddings are gathered as numpy arrays so that the k-NN search can
be swapped for faiss on large validation sets."""
import numpy as np


class RecallAtK:
    def __init__(self, ks=(1, 4)):
        self.ks = ks
        self.reset()

    def reset(self):
        self.embeddings, self.labels = [], []

    def update(self, emb, labels):
        self.embeddings.append(emb.detach().float().cpu().numpy())
        self.labels.append(labels.cpu().numpy())

    def compute(self):
        emb = np.concatenate(self.embeddings).astype(np.float32)
        lab = np.concatenate(self.labels)
        sim = emb @ emb.T
        np.fill_diagonal(sim, -np.inf)          # a query must not retrieve itself
        order = np.argsort(-sim, axis=1)[:, :max(self.ks)]
        hits = lab[order] == lab[:, None]
        return {f"R@{k}": float(hits[:, :k].any(1).mean()) for k in self.ks}
