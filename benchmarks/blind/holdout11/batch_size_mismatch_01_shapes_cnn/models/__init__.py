from .cnn import ShapesCNN
