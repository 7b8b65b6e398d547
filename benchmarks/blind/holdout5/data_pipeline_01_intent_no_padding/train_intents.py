import json
import os

import torch
from torch import nn
from torch.utils.data import DataLoader

from intents.dataset import LABELS, IntentDataset, synth_utterances
from intents.model import BagOfPiecesClassifier
from intents.tokenization import CharNgramTokenizer

HPARAMS = {
    "max_len": 48,
    "dim": 64,
    "batch_size": 16,
    "epochs": 2,
    "lr": 5e-3,
    "out_dir": "export",
}


def train():
    torch.manual_seed(1)
    train_ex = synth_utterances(800, seed=1)
    test_ex = synth_utterances(200, seed=2)
    tok = CharNgramTokenizer(min_count=2).fit([t for t, _ in train_ex])
    print(f"{len(tok)} pieces in vocabulary")

    train_dl = DataLoader(IntentDataset(train_ex, tok, HPARAMS["max_len"]),
                          batch_size=HPARAMS["batch_size"], shuffle=True)
    test_dl = DataLoader(IntentDataset(test_ex, tok, HPARAMS["max_len"]), batch_size=64)

    model = BagOfPiecesClassifier(len(tok), HPARAMS["dim"], len(LABELS), pad_id=tok.pad_id)
    opt = torch.optim.Adam(model.parameters(), lr=HPARAMS["lr"])
    loss_fn = nn.CrossEntropyLoss()

    for epoch in range(HPARAMS["epochs"]):
        model.train()
        for ids, y in train_dl:
            opt.zero_grad()
            loss = loss_fn(model(ids), y)
            loss.backward()
            opt.step()
        model.eval()
        hits = 0
        with torch.no_grad():
            for ids, y in test_dl:
                hits += (model(ids).argmax(-1) == y).sum().item()
        print(f"epoch {epoch}: last loss {loss.item():.3f}, test acc {hits / len(test_ex):.3f}")

    os.makedirs(HPARAMS["out_dir"], exist_ok=True)
    torch.save(model.state_dict(), os.path.join(HPARAMS["out_dir"], "intent_clf.pt"))
    with open(os.path.join(HPARAMS["out_dir"], "vocab.json"), "w") as f:
        json.dump({"vocab": tok.vocab, "labels": LABELS, "hparams": HPARAMS}, f)


if __name__ == "__main__":
    train()
