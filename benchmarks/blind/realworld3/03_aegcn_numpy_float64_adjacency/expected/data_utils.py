import numpy as np
import torch
from torch.utils.data import Dataset

POLARITIES = {"negative": 0, "neutral": 1, "positive": 2}


def build_embedding_matrix(vocab_size, embed_dim, seed=0):
    rng = np.random.RandomState(seed)
    m = rng.uniform(-0.25, 0.25, (vocab_size, embed_dim)).astype("float32")
    m[0] = 0.0
    return m


def dependency_adj_matrix(seq_len, rng):
    # stands in for the spaCy dependency parse: a chain plus a few random arcs, symmetric, self loops
    matrix = np.zeros((seq_len, seq_len)).astype("float32")
    for i in range(seq_len):
        matrix[i][i] = 1
        if i + 1 < seq_len:
            matrix[i][i + 1] = matrix[i + 1][i] = 1
    for _ in range(seq_len // 3):
        a, b = rng.randint(0, seq_len, 2)
        matrix[a][b] = matrix[b][a] = 1
    return matrix


class ABSADataset(Dataset):
    def __init__(self, n, max_len, vocab_size, seed):
        rng = np.random.RandomState(seed)
        self.data = []
        for _ in range(n):
            L = rng.randint(8, max_len + 1)
            text = np.zeros(max_len, dtype=np.int64)
            text[:L] = rng.randint(1, vocab_size, L)
            a_start = rng.randint(0, L - 2)
            a_len = rng.randint(1, 3)
            polarity = int(text[a_start] % 3)
            adj = np.zeros((max_len, max_len))
            adj[:L, :L] = dependency_adj_matrix(L, rng)
            # row-normalise like the original graph preprocessing
            adj = adj / (adj.sum(axis=1, keepdims=True) + 1)
            self.data.append({
                "text_indices": torch.tensor(text),
                "aspect_span": torch.tensor([a_start, a_start + a_len - 1]),
                "text_len": torch.tensor(L),
                "dependency_graph": torch.tensor(adj, dtype=torch.float),
                "polarity": torch.tensor(polarity),
            })

    def __getitem__(self, index):
        return self.data[index]

    def __len__(self):
        return len(self.data)
