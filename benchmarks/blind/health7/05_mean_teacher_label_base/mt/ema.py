import torch


def create_ema_model(model_factory):
    ema = model_factory()
    for param in ema.parameters():
        param.detach_()
    return ema


@torch.no_grad()
def update_ema_variables(model, ema_model, alpha, global_step):
    # Use the true average until the exponential average is more correct
    alpha = min(1 - 1 / (global_step + 1), alpha)
    for ema_param, param in zip(ema_model.parameters(), model.parameters()):
        ema_param.mul_(alpha).add_(param, alpha=1 - alpha)
