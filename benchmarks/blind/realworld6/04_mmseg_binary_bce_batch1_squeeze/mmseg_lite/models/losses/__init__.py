from .cross_entropy_loss import CrossEntropyLoss, binary_cross_entropy, cross_entropy

__all__ = ['CrossEntropyLoss', 'binary_cross_entropy', 'cross_entropy']
