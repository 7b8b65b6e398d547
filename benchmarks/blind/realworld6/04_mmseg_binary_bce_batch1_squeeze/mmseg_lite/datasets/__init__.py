from .drive import DRIVEDataset

__all__ = ['DRIVEDataset']
