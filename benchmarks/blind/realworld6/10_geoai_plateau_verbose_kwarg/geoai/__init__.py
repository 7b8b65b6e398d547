"""Top-level package for geoai (trimmed to the segmentation trainer)."""

__version__ = "0.8.0"

from .train import train_segmentation_model, SemanticSegmentationDataset  # noqa: F401
