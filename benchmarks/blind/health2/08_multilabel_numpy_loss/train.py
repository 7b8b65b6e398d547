import sys

import torch

from tagger.data import make_corpus, batches
from tagger.model import BagOfWordsTagger
from tagger.losses import weighted_bce
from tagger.metrics import micro_f1

CFG = dict(
    vocab_size=500,
    n_tags=6,
    n_docs=1200,
    doc_len=30,
    embed_dim=64,
    batch_size=64,
    lr=5e-3,
    epochs=12,
    seed=11,
)


def train(cfg):
    torch.manual_seed(cfg["seed"])
    (tr_tok, tr_y), (va_tok, va_y) = make_corpus(cfg["n_docs"], cfg["vocab_size"], cfg["n_tags"], cfg["doc_len"], seed=cfg["seed"])
    pos_weight = ((len(tr_y) - tr_y.sum(0)) / tr_y.sum(0).clamp(min=1)).clamp(max=10.0)

    model = BagOfWordsTagger(cfg["vocab_size"], cfg["embed_dim"], cfg["n_tags"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])

    for epoch in range(cfg["epochs"]):
        model.train()
        losses = []
        for tok, y in batches(tr_tok, tr_y, cfg["batch_size"], shuffle=True):
            logits = model(tok)
            loss = weighted_bce(logits, y, pos_weight)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        model.eval()
        with torch.no_grad():
            f1 = micro_f1(model(va_tok), va_y)
        print("epoch %2d  loss %.4f  val micro-F1 %.3f" % (epoch, sum(losses) / len(losses), f1))
    return model


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--epochs" in args:
        CFG["epochs"] = int(args[args.index("--epochs") + 1])
    train(CFG)
