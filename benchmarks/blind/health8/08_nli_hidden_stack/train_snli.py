import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from snli.data import NLIDataset, Vocab, collate, make_pairs
from snli.model import SNLINet
from snli.train_loop import run_epoch


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--options", default="options.yaml")
    options = yaml.safe_load(open(parser.parse_args().options))
    torch.manual_seed(options["seed"])

    train_pairs, dev_pairs = make_pairs(384, seed=0), make_pairs(96, seed=1)
    vocab = Vocab(train_pairs)
    options["n_words"] = len(vocab) + 1
    train_loader = DataLoader(NLIDataset(train_pairs, vocab), batch_size=options["batch_size"],
                              shuffle=True, collate_fn=collate)
    dev_loader = DataLoader(NLIDataset(dev_pairs, vocab), batch_size=64, collate_fn=collate)

    model = SNLINet(options)
    print(model)
    optimizer = torch.optim.Adam(model.parameters(), lr=options["lr"])
    for epoch in range(options["max_epochs"]):
        tr_loss, tr_acc = run_epoch(model, train_loader, optimizer)
        dev_loss, dev_acc = run_epoch(model, dev_loader)
        print(f"epoch {epoch}: train loss {tr_loss:.4f} acc {tr_acc:.3f} | dev loss {dev_loss:.4f} acc {dev_acc:.3f}")


if __name__ == "__main__":
    main()
