from .vae import VAE, DeterministicAE

MODEL_REGISTRY = {}


def register(name):
    def deco(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return deco


register("vae")(VAE)
register("ae")(DeterministicAE)


def build_model(name, cfg):
    if name not in MODEL_REGISTRY:
        raise KeyError(f"unknown model '{name}', choose from {sorted(MODEL_REGISTRY)}")
    return MODEL_REGISTRY[name](cfg)
