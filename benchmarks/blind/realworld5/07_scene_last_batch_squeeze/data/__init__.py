from .dataset import ClsDataset
