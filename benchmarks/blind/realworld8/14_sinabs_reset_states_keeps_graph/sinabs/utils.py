import torch.nn as nn

from .layers.stateful_layer import StatefulLayer


def reset_states(model: nn.Module) -> None:
    """Helper function to recursively reset all states of spiking layers within the model."""
    for layer in model.modules():
        if isinstance(layer, StatefulLayer):
            layer.reset_states()
