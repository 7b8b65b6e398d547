from torch.utils.data import Dataset


class SentimentDataset(Dataset):
    def __init__(self, data):
        super().__init__()
        self.ids = data["ids"]
        self.labels = data["labels"]

    def __getitem__(self, idx):
        return self.ids[idx], self.labels[idx]

    def __len__(self):
        return len(self.labels)
