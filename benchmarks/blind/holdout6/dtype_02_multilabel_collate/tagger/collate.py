import torch
from torch.nn.utils.rnn import pad_sequence

from .corpus import CLS, PAD


class MultiLabelCollator:
    def __init__(self, n_tags, max_len=64):
        self.n_tags = n_tags
        self.max_len = max_len

    def __call__(self, batch):
        seqs = [torch.tensor([CLS] + ex["tokens"][: self.max_len - 1]) for ex in batch]
        input_ids = pad_sequence(seqs, batch_first=True, padding_value=PAD)
        labels = torch.zeros(len(batch), self.n_tags, dtype=torch.long)
        for i, ex in enumerate(batch):
            labels[i, ex["tags"]] = 1
        return {"input_ids": input_ids, "attention_mask": input_ids != PAD, "labels": labels}
