import torch
import torch.nn as nn


class GRUForecaster(nn.Module):
    def __init__(self, input_size=1, hidden_size=32, horizon=6):
        super().__init__()
        self.gru = nn.GRU(input_size, hidden_size, batch_first=True)
        self.proj = nn.Linear(hidden_size, horizon)

    def forward(self, x):  # x: (B, T, 1)
        _, h = self.gru(x)
        return self.proj(h[-1])


REGISTRY = {"gru_forecaster": GRUForecaster}


def build_model(cfg):
    kw = {k: v for k, v in cfg.items() if k != "name"}
    return REGISTRY[cfg["name"]](**kw)


def load_pretrained(cfg, path):
    """Build the architecture from cfg and load a checkpoint saved by the base-training job."""
    model = build_model(cfg)
    state = torch.load(path, map_location="cpu")
    missing, unexpected = model.load_state_dict(state["model"], strict=False)
    if missing or unexpected:
        print(f"[warm-start] missing={missing} unexpected={unexpected}")
    return model
