import torch
from torch.utils.data import Dataset


class ReviewDataset(Dataset):
    def __init__(self, pairs, tokenizer, max_length=64):
        self.pairs = pairs
        self.tok = tokenizer
        self.max_length = max_length

    def __len__(self):
        return len(self.pairs)

    def _pad(self, ids):
        n_pad = self.max_length - len(ids)
        mask = [1] * len(ids) + [0] * n_pad
        ids = ids + [self.tok.pad_id] * n_pad
        return ids, mask

    def __getitem__(self, idx):
        text, label = self.pairs[idx]
        ids, mask = self._pad(self.tok.encode(text))
        return {
            "input_ids": torch.tensor(ids, dtype=torch.long),
            "attention_mask": torch.tensor(mask, dtype=torch.bool),
            "label": torch.tensor(label, dtype=torch.long),
        }
