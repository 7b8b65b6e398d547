import torch


def save(path, model, optimizer, epoch, cfg):
    torch.save({"model": model.state_dict(), "optim": optimizer.state_dict(), "epoch": epoch, "config": cfg}, path)


def resume(path, model, optimizer):
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state["model"])
    optimizer.load_state_dict(state["optim"])
    print(f"resumed from {path} (finished epoch {state['epoch']}, config {state['config']})")
    return state["epoch"] + 1
