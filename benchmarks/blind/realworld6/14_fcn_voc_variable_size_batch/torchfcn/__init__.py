from torchfcn import datasets  # NOQA
from torchfcn import models  # NOQA
