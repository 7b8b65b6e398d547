import argparse

import torch
import yaml

from gan.models import Critic, Generator
from gan.data import ring_of_gaussians
from gan.steps import GanSteps


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="gan.yaml")
    cfg = yaml.safe_load(open(ap.parse_args().config))
    torch.manual_seed(cfg["seed"])
    G, D = Generator(cfg["z_dim"]), Critic()
    steps = GanSteps(G, D, cfg)
    for it in range(1, cfg["iters"] + 1):
        d_loss, g_loss = steps.train_iteration(lambda n: ring_of_gaussians(n))
        if it % 40 == 0:
            print(f"iter {it}: D {d_loss:.3f}  G {g_loss:.3f}  scale {steps.scaler.get_scale():.0f}")
    with torch.no_grad():
        fake = G(torch.randn(1000, cfg["z_dim"]))
    print(f"sample radius mean {fake.norm(dim=1).mean():.2f} (target 2.0)")


if __name__ == "__main__":
    main()
