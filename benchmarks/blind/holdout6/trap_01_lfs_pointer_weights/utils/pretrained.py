import math

import torch
import torch.nn.functional as F


def resize_pos_embed(posemb, new_len):
    cls_tok, grid = posemb[:, :1], posemb[:, 1:]
    old = int(math.sqrt(grid.size(1)))
    new = int(math.sqrt(new_len - 1))
    if old == new:
        return posemb
    grid = grid.reshape(1, old, old, -1).permute(0, 3, 1, 2)
    grid = F.interpolate(grid, size=(new, new), mode="bicubic", align_corners=False)
    return torch.cat([cls_tok, grid.permute(0, 2, 3, 1).reshape(1, new * new, -1)], dim=1)


def load_pretrained(model, path, drop_head=True):
    checkpoint = torch.load(path, map_location="cpu")
    state = checkpoint.get("model", checkpoint)
    state = {k.replace("module.", "", 1): v for k, v in state.items()}
    if drop_head:
        state = {k: v for k, v in state.items() if not k.startswith("head.")}
    if "pos_embed" in state and state["pos_embed"].shape != model.pos_embed.shape:
        state["pos_embed"] = resize_pos_embed(state["pos_embed"], model.pos_embed.size(1))
    missing, unexpected = model.load_state_dict(state, strict=False)
    missing = [k for k in missing if not k.startswith("head.")]
    if missing or unexpected:
        raise RuntimeError(f"pretrained weights do not match model: missing={missing} unexpected={unexpected}")
    print(f"loaded pretrained backbone from {path} ({len(state)} tensors)")
