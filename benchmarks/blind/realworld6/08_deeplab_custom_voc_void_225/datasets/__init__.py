from .voc import VOCSegmentation
