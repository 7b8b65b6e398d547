from .model import ECGNet
from .data import SyntheticECG
