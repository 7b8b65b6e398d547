from .boxnet import BoxNet
