import torch
import torch.nn as nn

from .encoder import ConvEncoder


class LinearProbe(nn.Module):
    def __init__(self, feat_dim=64, num_classes=5):
        super().__init__()
        self.encoder = ConvEncoder(feat_dim)
        self.fc = nn.Linear(feat_dim, num_classes)
        self.fc.weight.data.normal_(mean=0.0, std=0.01)
        self.fc.bias.data.zero_()

    def forward(self, x):
        with torch.no_grad():
            feats = self.encoder(x)
        return self.fc(feats)


def load_pretrained(model, path):
    checkpoint = torch.load(path, map_location="cpu")
    state_dict = checkpoint["state_dict"]
    for k in list(state_dict.keys()):
        if k.startswith("encoder."):
            state_dict[k[len("encoder."):]] = state_dict[k]
        del state_dict[k]
    msg = model.encoder.load_state_dict(state_dict, strict=True)
    return msg


def freeze_encoder(model):
    for name, param in model.named_parameters():
        if name not in ["fc.weight", "fc.bias"]:
            param.requires_grad = False
