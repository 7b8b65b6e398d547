import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from agent.cic import CICAgent
from agent.replay import SkillTransitions


class Workspace:
    def __init__(self, cfg):
        self.cfg = cfg
        torch.manual_seed(cfg["seed"])
        a = cfg["agent"]
        self.agent = CICAgent((3, 16, 16), a["skill_dim"], a["hidden_dim"], a["lr"], a["temperature"])
        self.replay_loader = DataLoader(SkillTransitions(cfg["replay"]["size"], a["skill_dim"]),
                                        batch_size=cfg["batch_size"], shuffle=True, drop_last=True)

    def train(self):
        self.agent.train()
        for epoch in range(self.cfg["num_epochs"]):
            losses = [self.agent.update(batch) for batch in self.replay_loader]
            print(f"epoch {epoch} | cic_loss {sum(losses) / len(losses):.4f}")
        torch.save({"encoder": self.agent.encoder.state_dict()}, "snapshot.pt")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="pretrain.yaml")
    args = ap.parse_args()
    Workspace(yaml.safe_load(open(args.config))).train()
