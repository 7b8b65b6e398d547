from .box_utils import *
from .prior_box import PriorBox
