"""resolver: repairs crashing PyTorch training scripts with minimal, verified source edits."""

__version__ = "0.1.0"
