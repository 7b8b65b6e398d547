import torch


def freeze_all_but_head(model, head_prefixes=("fc", "head")):
    """Linear-probe setup: keep only the task head trainable."""
    for name, param in model.named_parameters():
        param.requires_grad = name.startswith(tuple(head_prefixes))


def count_trainable(model):
    return sum(p.numel() for p in model.parameters() if p.requires_grad)


def load_pretrained_encoder(model, ckpt_path):
    state = torch.load(ckpt_path, map_location="cpu")
    enc_state = {k[len("encoder."):]: v for k, v in state.items() if k.startswith("encoder.")}
    missing, unexpected = model.encoder.load_state_dict(enc_state, strict=False)
    if missing or unexpected:
        print(f"warning: missing={missing} unexpected={unexpected}")
    return model
