import torch


def scaled_lr(base_lr, batch_size, reference_batch=256):
    # Goyal et al. linear scaling: lr grows with the batch size
    return base_lr * batch_size / reference_batch


def build_optimizer(model, base_lr, batch_size):
    lr = scaled_lr(base_lr, batch_size)
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, nesterov=True)
