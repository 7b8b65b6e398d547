import argparse
import contextlib

import torch
from torch.utils.data import DataLoader

from flair_lite.data import TAGS, collate, make_corpus
from flair_lite.embeddings import TransformerWordEmbeddings
from flair_lite.tagger import SequenceTagger


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--mini-batch-size", type=int, default=16)
    parser.add_argument("--learning-rate", type=float, default=5e-4)
    parser.add_argument("--use-amp", action="store_true")
    parser.add_argument("--amp-dtype", default="bfloat16", choices=["bfloat16", "float16"])
    args = parser.parse_args()

    torch.manual_seed(1)
    corpus = make_corpus()
    loader = DataLoader(corpus, batch_size=args.mini_batch_size, shuffle=True, collate_fn=collate)

    embeddings = TransformerWordEmbeddings()
    tagger = SequenceTagger(embeddings, TAGS)
    optimizer = torch.optim.AdamW(tagger.parameters(), lr=args.learning_rate)

    amp_dtype = getattr(torch, args.amp_dtype)
    for epoch in range(args.epochs):
        tagger.train()
        total = 0.0
        for batch in loader:
            optimizer.zero_grad()
            ctx = torch.autocast("cpu", dtype=amp_dtype) if args.use_amp else contextlib.nullcontext()
            with ctx:
                loss = tagger.forward_loss(batch)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(tagger.parameters(), 5.0)
            optimizer.step()
            total += loss.item()
        print(f"epoch {epoch + 1} - loss {total / len(loader):.4f}")


if __name__ == "__main__":
    main()
