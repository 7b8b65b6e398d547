import torch

from probe.cache import build_feature_cache
from probe.linear import train_probe, accuracy

FEAT_DIM, N_CLASSES = 1024, 10

if __name__ == "__main__":
    torch.manual_seed(0)
    x_tr, y_tr = build_feature_cache(200_000, FEAT_DIM, N_CLASSES, seed=0)   # ~820 MB of cached features
    x_te, y_te = build_feature_cache(10_000, FEAT_DIM, N_CLASSES, seed=1)
    w, b = train_probe(x_tr, y_tr, N_CLASSES, epochs=2, batch_size=4096, lr=0.1)
    print(f"probe top-1: train {accuracy(x_tr, y_tr, w, b):.3f} test {accuracy(x_te, y_te, w, b):.3f}")
    torch.save({"w": w, "b": b}, "probe.pt")
