"""Linear evaluation protocol: frozen self-supervised encoder, train only a linear classifier."""
import argparse
import torch
import torch.nn as nn

from probe.encoder import ConvEncoder
from probe.data import glyph_loader
from probe.features import extract

ap = argparse.ArgumentParser()
ap.add_argument("--ckpt", default="ckpt/encoder_ssl.pt")
ap.add_argument("--epochs", type=int, default=5)
ap.add_argument("--lr", type=float, default=0.05)
args = ap.parse_args()

torch.manual_seed(0)
encoder = ConvEncoder()
encoder.load_state_dict(torch.load(args.ckpt, map_location="cpu"))
encoder.requires_grad_(False)
encoder.eval()                                   # BN statistics stay those of pre-training

classifier = nn.Linear(encoder.out_dim, 4)
optimizer = torch.optim.SGD(classifier.parameters(), lr=args.lr, momentum=0.9)
loader = glyph_loader(n=1200)

for epoch in range(args.epochs):
    total, correct, n = 0.0, 0, 0
    for x, y in loader:
        feats = extract(encoder, x)             # computed under no_grad
        logits = classifier(feats)
        loss = nn.functional.cross_entropy(logits, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item() * len(y); correct += (logits.argmax(1) == y).sum().item(); n += len(y)
    print(f"[probe] epoch {epoch} loss={total / n:.4f} top1={correct / n:.3f}")
