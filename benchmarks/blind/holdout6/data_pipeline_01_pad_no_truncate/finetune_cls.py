import argparse
import json
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from textcls.dataset import ReviewDataset
from textcls.model import MiniBERTClassifier
from textcls.synth import make_reviews
from textcls.tokenizer import WordTokenizer


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--max_length", type=int, default=64)
    p.add_argument("--train_size", type=int, default=640)
    p.add_argument("--eval_size", type=int, default=160)
    p.add_argument("--hidden_size", type=int, default=64)
    p.add_argument("--num_heads", type=int, default=4)
    p.add_argument("--num_layers", type=int, default=2)
    p.add_argument("--batch_size", type=int, default=32)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--grad_accum_steps", type=int, default=2)
    p.add_argument("--use_autocast", action="store_true")
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--output_dir", default="out/minibert_sst")
    return p.parse_args()


def main():
    args = get_args()
    torch.manual_seed(args.seed)
    train_pairs = make_reviews(args.train_size, seed=args.seed)
    eval_pairs = make_reviews(args.eval_size, seed=args.seed + 1)
    tok = WordTokenizer.train([t for t, _ in train_pairs])

    train_dl = DataLoader(ReviewDataset(train_pairs, tok, args.max_length), batch_size=args.batch_size, shuffle=True)
    eval_dl = DataLoader(ReviewDataset(eval_pairs, tok, args.max_length), batch_size=64)

    model = MiniBERTClassifier(len(tok), args.max_length, args.hidden_size, args.num_heads, args.num_layers)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)

    for epoch in range(args.epochs):
        model.train()
        for step, batch in enumerate(train_dl):
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.use_autocast):
                logits = model(batch["input_ids"], batch["attention_mask"])
            loss = F.cross_entropy(logits.float(), batch["label"]) / args.grad_accum_steps
            loss.backward()
            if (step + 1) % args.grad_accum_steps == 0:
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                opt.step()
                opt.zero_grad()
        model.eval()
        correct = 0
        with torch.no_grad():
            for batch in eval_dl:
                correct += (model(batch["input_ids"], batch["attention_mask"]).argmax(-1) == batch["label"]).sum().item()
        print(f"epoch {epoch}: eval acc {correct / len(eval_pairs):.3f}")

    os.makedirs(args.output_dir, exist_ok=True)
    tok.save(os.path.join(args.output_dir, "vocab.json"))
    torch.save(model.state_dict(), os.path.join(args.output_dir, "model.pt"))
    with open(os.path.join(args.output_dir, "args.json"), "w") as f:
        json.dump(vars(args), f, indent=2)


if __name__ == "__main__":
    main()
