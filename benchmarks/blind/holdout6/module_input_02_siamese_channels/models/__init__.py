from .towers import ConvTower, SiameseNet

_BACKBONES = {
    "convtower": ConvTower,
}


def build_backbone(cfg):
    try:
        cls = _BACKBONES[cfg.name]
    except KeyError:
        raise ValueError(f"unknown backbone {cfg.name!r}; available: {list(_BACKBONES)}") from None
    return cls(in_channels=cfg.in_channels, widths=cfg.widths, embed_dim=cfg.embed_dim, norm=cfg.norm)


def build_siamese(cfg):
    return SiameseNet(build_backbone(cfg))
