import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from phonerec.dataset import SpeakerFrames
from phonerec.model import FrameClassifier
from phonerec.train_utils import evaluate, train_one_epoch


def main():
    parser = argparse.ArgumentParser("fine-tune a frame-level phone recogniser")
    parser.add_argument("--conf", default="conf.yaml")
    args = parser.parse_args()
    conf = yaml.safe_load(open(args.conf))

    torch.manual_seed(conf["seed"])
    fc, dc = conf["feature"], conf["data"]
    common = dict(n_frames=dc["n_frames"], n_mels=fc["n_mels"], n_phones=dc["n_phones"], context=fc["context"])
    train_set = SpeakerFrames(dc["n_speakers"], dc["utts_per_speaker"], seed=0, **common)
    dev_set = SpeakerFrames(3, 2, seed=1, **common)
    train_loader = DataLoader(train_set, batch_size=conf["optim"]["batch_size"], shuffle=True)
    dev_loader = DataLoader(dev_set, batch_size=64)

    in_dim = fc["n_mels"] * (2 * fc["context"] + 1)
    model = FrameClassifier(in_dim, conf["model"]["hidden"], dc["n_phones"], conf["model"]["dropout"])
    optimizer = torch.optim.Adam(model.parameters(), lr=conf["optim"]["lr"])

    for epoch in range(conf["optim"]["epochs"]):
        loss = train_one_epoch(model, train_loader, optimizer)
        acc = evaluate(model, dev_loader)
        print(f"epoch {epoch + 1}: loss={loss:.4f} dev_acc={acc:.3f}")


if __name__ == "__main__":
    main()
