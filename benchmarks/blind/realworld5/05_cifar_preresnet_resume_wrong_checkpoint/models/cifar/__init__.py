from __future__ import absolute_import

from .resnet import *
from .preresnet import *
