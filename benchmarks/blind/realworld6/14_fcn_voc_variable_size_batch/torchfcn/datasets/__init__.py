from torchfcn.datasets.voc import VOC2012ClassSeg  # NOQA
