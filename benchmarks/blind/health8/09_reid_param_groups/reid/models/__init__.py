from .resnet import ResNet

__factory = {"resnet_tiny": ResNet}


def create(name, *args, **kwargs):
    if name not in __factory:
        raise KeyError("Unknown model:", name)
    return __factory[name](*args, **kwargs)
