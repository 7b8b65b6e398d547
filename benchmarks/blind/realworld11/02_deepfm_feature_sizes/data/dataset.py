import torch
from torch.utils.data import Dataset


class CriteoDataset(Dataset):
    """
    Custom dataset class for Criteo dataset in order to use efficient
    dataloader tool provided by PyTorch.
    """

    def __init__(self, Xi, Xv, target):
        self.Xi = Xi
        self.Xv = Xv
        self.target = target

    def __getitem__(self, idx):
        Xi = torch.from_numpy(self.Xi[idx].astype(int)).unsqueeze(-1)
        Xv = torch.from_numpy(self.Xv[idx])
        return Xi, Xv, self.target[idx]

    def __len__(self):
        return len(self.target)
