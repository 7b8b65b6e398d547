from .models import GCN, FeatureMLP

_ARCHS = {"gcn": GCN, "mlp": FeatureMLP}


def build_model(cfg, in_dim, num_classes):
    mcfg = cfg["model"]
    arch = mcfg["arch"].lower()
    try:
        cls = _ARCHS[arch]
    except KeyError:
        raise ValueError(f"unknown arch {arch!r}, choose from {list(_ARCHS)}") from None
    return cls(in_dim, mcfg["hidden_dims"], num_classes, dropout=mcfg.get("dropout", 0.0))
