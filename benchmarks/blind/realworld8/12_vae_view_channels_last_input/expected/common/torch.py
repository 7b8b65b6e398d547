"""
Basic torch utilities.
"""
import torch


def is_cuda(mixed):
    """
    Check if model/tensor is on CUDA.
    """
    if isinstance(mixed, torch.nn.Module):
        return next(mixed.parameters()).is_cuda
    return mixed.is_cuda


class View(torch.nn.Module):
    """
    Simple view layer.
    """

    def __init__(self, *args):
        """
        Constructor.

        :param args: shape
        :type args: [int]
        """

        super(View, self).__init__()

        self.shape = args

    def forward(self, input):
        """
        Forward pass.

        :param input: input
        :type input: torch.autograd.Variable
        :return: output
        :rtype: torch.autograd.Variable
        """

        return input.reshape(self.shape)


class Flatten(torch.nn.Module):
    """
    Flatten module.
    """

    def forward(self, input):
        return input.view(input.shape[0], -1)


def kullback_leibler_divergence(mu_1, logvar_1, mu_2=None, logvar_2=None):
    """
    KL divergence between a diagonal Gaussian and the unit Gaussian.
    """
    assert mu_2 is None and logvar_2 is None
    return -0.5 * torch.mean(torch.sum(1 + logvar_1 - mu_1.pow(2) - logvar_1.exp(), dim=1))
