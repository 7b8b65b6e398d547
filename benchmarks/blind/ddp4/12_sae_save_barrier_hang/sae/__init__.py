from .config import TrainConfig
from .sae import SparseCoder
from .trainer import SaeTrainer
