import torch


def save_checkpoint(model, optimizer, epoch, path, half_weights=True):
    """Save a resumable checkpoint. Weights are stored in bf16 to halve the file size
    (they are upcast again by load_checkpoint)."""
    if half_weights:
        weights = {k: v.to(torch.bfloat16) if v.is_floating_point() else v for k, v in model.state_dict().items()}
    else:
        weights = model.state_dict()
    torch.save({"epoch": epoch, "model": weights, "optimizer": optimizer.state_dict()}, path)


def load_checkpoint(model, optimizer, path):
    ckpt = torch.load(path, map_location="cpu")
    model.load_state_dict({k: v.float() if v.is_floating_point() else v for k, v in ckpt["model"].items()})
    optimizer.load_state_dict(ckpt["optimizer"])
    return ckpt["epoch"]
