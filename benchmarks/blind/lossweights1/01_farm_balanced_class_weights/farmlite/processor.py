import numpy as np
import torch


class TextClassificationProcessor:
    """Turns documents into fixed-length token id sequences.
    Documents are synthetic: each label has its own preferred band of the vocabulary."""

    def __init__(self, max_seq_len, vocab_size, label_list, task_name="text_classification"):
        self.max_seq_len = max_seq_len
        self.vocab_size = vocab_size
        self.tasks = {task_name: {"label_list": label_list}}

    def dataset_from_rng(self, rng, n):
        n_labels = len(self.tasks["text_classification"]["label_list"])
        # imbalanced corpus: OTHER dominates
        probs = np.array([0.6, 0.25, 0.15])[:n_labels]
        labels = rng.choice(n_labels, size=n, p=probs / probs.sum())
        band = self.vocab_size // n_labels
        ids = np.empty((n, self.max_seq_len), dtype=np.int64)
        for i, y in enumerate(labels):
            topical = rng.randint(y * band, (y + 1) * band, size=self.max_seq_len)
            noise = rng.randint(0, self.vocab_size, size=self.max_seq_len)
            ids[i] = np.where(rng.rand(self.max_seq_len) < 0.6, topical, noise)
        return torch.from_numpy(ids), torch.from_numpy(labels.astype(np.int64))
