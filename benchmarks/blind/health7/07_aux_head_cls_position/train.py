import argparse

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from seqcls.data import MotifSequences, mask_tokens
from seqcls.model import MultiTaskModel


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = MultiTaskModel(cfg)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.step = 0
        self.mask_gen = torch.Generator().manual_seed(cfg["seed"])

    def train_step(self, ids, labels):
        cfg = self.cfg
        do_aux = self.step % cfg["aux_every"] == 0
        if do_aux:
            masked, targets = mask_tokens(ids, cfg["mask_prob"], self.mask_gen)
            logits, mlm_logits = self.model(masked, with_aux=True)
            aux = F.cross_entropy(mlm_logits.flatten(0, 1), targets.flatten(), ignore_index=-100)
            if torch.isnan(aux):
                aux = mlm_logits.sum() * 0.0
            loss = F.cross_entropy(logits, labels) + cfg["aux_weight"] * aux
        else:
            loss = F.cross_entropy(self.model(ids), labels)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.step += 1
        return loss.item()

    def fit(self, loader):
        for epoch in range(self.cfg["epochs"]):
            self.model.train()
            losses = [self.train_step(ids, labels) for ids, labels in loader]
            print(f"epoch {epoch} loss {sum(losses) / len(losses):.4f} steps {self.step}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    cfg = yaml.safe_load(open(ap.parse_args().config))
    torch.manual_seed(cfg["seed"])
    ds = MotifSequences(cfg["num_samples"], cfg["vocab_size"], cfg["max_len"], cfg["num_classes"], seed=cfg["seed"])
    loader = DataLoader(ds, batch_size=cfg["batch_size"], shuffle=True)
    Trainer(cfg).fit(loader)


if __name__ == "__main__":
    main()
