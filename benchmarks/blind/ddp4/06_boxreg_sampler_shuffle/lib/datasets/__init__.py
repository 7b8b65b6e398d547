from .builder import build_dataloader
from .shapes import ShapesDataset
