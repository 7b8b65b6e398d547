import torch.nn as nn

from .activate import activate_name


class Convolutional(nn.Module):
    def __init__(self, filters_in, filters_out, kernel_size, stride=1, norm="bn", activate="Mish"):
        super(Convolutional, self).__init__()
        self.norm = norm
        self.activate = activate
        self.__conv = nn.Conv2d(filters_in, filters_out, kernel_size, stride, kernel_size // 2, bias=not norm)
        if norm == "bn":
            self.__norm = nn.BatchNorm2d(filters_out)
        if activate == "leaky":
            self.__activate = activate_name[activate](negative_slope=0.1, inplace=True)
        elif activate == "relu":
            self.__activate = activate_name[activate](inplace=True)
        else:
            self.__activate = activate_name[activate]()

    def forward(self, x):
        x = self.__conv(x)
        if self.norm:
            x = self.__norm(x)
        if self.activate:
            x = self.__activate(x)
        return x
