from .gtsrb import GTSRB

__all__ = ['GTSRB']
