from torchfcn.models.fcn32s import FCN32s  # NOQA
