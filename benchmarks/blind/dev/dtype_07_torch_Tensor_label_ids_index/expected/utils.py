from collections import Counter

import torch


class LabelEncoder:
    """Maps string labels to contiguous ids (like sklearn's LabelEncoder)."""

    def __init__(self, raw_labels):
        self.classes_ = sorted(set(raw_labels))
        self.class_to_idx = {c: i for i, c in enumerate(self.classes_)}

    def transform(self, raw_labels):
        return torch.tensor([self.class_to_idx[c] for c in raw_labels], dtype=torch.long)

    def inverse_transform(self, ids):
        return [self.classes_[int(i)] for i in ids]


def inverse_frequency_weights(raw_labels, encoder):
    counts = Counter(raw_labels)
    freq = torch.tensor([counts[c] for c in encoder.classes_], dtype=torch.float32)
    w = freq.sum() / (len(freq) * freq)
    return w / w.mean()
