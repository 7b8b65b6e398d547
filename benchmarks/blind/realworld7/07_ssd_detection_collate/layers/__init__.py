from .box_utils import match, point_form
from .prior_box import PriorBox
from .multibox_loss import MultiBoxLoss
