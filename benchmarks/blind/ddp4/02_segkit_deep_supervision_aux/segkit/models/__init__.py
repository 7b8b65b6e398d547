from .tiny_unet import TinyUNet
