from .iresnet import iresnet18


def get_model(name, **kwargs):
    if name == "r18":
        return iresnet18(False, **kwargs)
    raise ValueError()
