import torch

from .larc import LARC


def get_optimizer(model, args):
    optimizer = torch.optim.SGD(
        model.parameters(),
        lr=args.lr,
        momentum=0.9,
        weight_decay=1e-6,
    )
    if args.larc:
        optimizer = LARC(optimizer=optimizer, trust_coefficient=0.001, clip=False)
    return optimizer
