import argparse

import torch
import torch.nn.functional as F
import yaml

from models.cslr2 import CSLR2


def load_pretrained(model, path):
    checkpoint = torch.load(path, map_location="cpu")
    state_dict = checkpoint["state_dict"] if "state_dict" in checkpoint else checkpoint
    state_dict = {k.replace("model.", "", 1): v for k, v in state_dict.items()}
    model.load_state_dict(state_dict)
    print(f"Loaded pretrained weights from {path}")
    return model


def make_clips(cfg, seed=0):
    g = torch.Generator().manual_seed(seed)
    n, t = cfg["trainer"]["n_clips"], cfg["trainer"]["clip_len"]
    feats = torch.randn(n, t, cfg["model"]["feat_dim"], generator=g)
    glosses = torch.randint(0, cfg["model"]["vocab_size"], (n, t), generator=g)
    sents = torch.randn(n, cfg["model"]["text_dim"], generator=g)
    return feats, glosses, sents


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="config/cslr2_finetune.yaml")
    args = parser.parse_args()
    cfg = yaml.safe_load(open(args.config))

    torch.manual_seed(0)
    model = CSLR2(**cfg["model"])
    model = load_pretrained(model, cfg["paths"]["checkpoint"])

    feats, glosses, sents = make_clips(cfg)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["trainer"]["lr"])
    bs = cfg["trainer"]["batch_size"]
    for epoch in range(cfg["trainer"]["epochs"]):
        model.train()
        total = 0.0
        for i in range(0, feats.size(0), bs):
            x, y, s = feats[i:i + bs], glosses[i:i + bs], sents[i:i + bs]
            cls_logits, sim = model(x, s)
            labels = torch.arange(x.size(0))
            loss = F.cross_entropy(cls_logits.flatten(0, 1), y.flatten()) \
                + 0.5 * (F.cross_entropy(sim, labels) + F.cross_entropy(sim.t(), labels))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.item()
        print(f"epoch {epoch}: loss {total / (feats.size(0) // bs):.4f}")


if __name__ == "__main__":
    main()
