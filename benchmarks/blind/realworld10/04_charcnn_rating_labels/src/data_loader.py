import json
import numpy as np
import torch
from torch.utils.data import Dataset


class MyDataset(Dataset):
    def __init__(self, texts, labels, args):
        self.texts = texts
        self.labels = labels
        self.length = len(self.labels)
        with open(args.config_path) as f:
            self.config = json.load(f)
        self.vocabulary = list(self.config['alphabet']['en']['lower']['alphabet'])
        self.number_of_characters = len(self.vocabulary)
        self.max_length = args.max_length
        self.identity_mat = np.identity(self.number_of_characters)

    def __len__(self):
        return self.length

    def __getitem__(self, index):
        raw_text = self.texts[index]
        data = np.array([self.identity_mat[self.vocabulary.index(i)] for i in list(raw_text)[::-1]
                         if i in self.vocabulary], dtype=np.float32)
        if len(data) > self.max_length:
            data = data[:self.max_length]
        elif 0 < len(data) < self.max_length:
            data = np.concatenate(
                (data, np.zeros((self.max_length - len(data), self.number_of_characters), dtype=np.float32)))
        elif len(data) == 0:
            data = np.zeros((self.max_length, self.number_of_characters), dtype=np.float32)
        label = self.labels[index]
        data = torch.Tensor(data)
        return data, label
