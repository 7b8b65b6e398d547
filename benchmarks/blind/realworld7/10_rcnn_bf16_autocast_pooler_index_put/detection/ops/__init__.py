from .roi_align import roi_align
from .poolers import MultiScaleRoIAlign
