"""A tiny Lightning-like training loop (no dependency on lightning)."""
from .trainer import MiniTrainer
