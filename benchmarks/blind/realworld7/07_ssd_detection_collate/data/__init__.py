from .voc0712 import VOCDetection, VOCAnnotationTransform, VOC_CLASSES, detection_collate
from .config import voc
