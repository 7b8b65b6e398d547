from .trainer import MiniTrainer
from .callbacks import ModelCheckpoint, LRMonitor
