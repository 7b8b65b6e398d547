from torch.optim import lr_scheduler


def make_scheduler(optimizer, args):
    if args.scheduler == "plateau":
        return lr_scheduler.ReduceLROnPlateau(optimizer, mode="min", factor=0.5, patience=1)
    if args.scheduler == "exp":
        return lr_scheduler.ExponentialLR(optimizer, gamma=args.gamma)
    return None
