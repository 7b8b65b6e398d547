from .core import LightningModule, Trainer

__all__ = ["LightningModule", "Trainer"]
