from .modeling import deeplabv3plus_mobilenet
