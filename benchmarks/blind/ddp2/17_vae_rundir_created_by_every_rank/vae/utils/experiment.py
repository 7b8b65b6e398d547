import json
import os

import torch


class Experiment:
    """Run directory with config.json, metrics.jsonl and checkpoints."""

    def __init__(self, root, name, config):
        self.dir = os.path.join(root, name)
        os.makedirs(self.dir)  # fail loudly instead of overwriting an old run
        with open(os.path.join(self.dir, "config.json"), "w") as f:
            json.dump(config, f, indent=2)

    def log(self, **metrics):
        with open(os.path.join(self.dir, "metrics.jsonl"), "a") as f:
            f.write(json.dumps(metrics) + "\n")

    def save(self, model, tag):
        torch.save(model.state_dict(), os.path.join(self.dir, f"{tag}.pt"))
