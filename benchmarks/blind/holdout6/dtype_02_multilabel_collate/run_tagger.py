import argparse
import os
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from tagger.collate import MultiLabelCollator
from tagger.corpus import make_corpus, read_jsonl
from tagger.metrics import micro_f1
from tagger.modeling import TinyEncoderConfig, TinyEncoderForTagging


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data_file", default="data/abstracts.jsonl")
    ap.add_argument("--vocab_size", type=int, default=500)
    ap.add_argument("--num_tags", type=int, default=12)
    ap.add_argument("--max_seq_length", type=int, default=64)
    ap.add_argument("--d_model", type=int, default=64)
    ap.add_argument("--num_layers", type=int, default=2)
    ap.add_argument("--num_heads", type=int, default=4)
    ap.add_argument("--per_device_train_batch_size", type=int, default=32)
    ap.add_argument("--learning_rate", type=float, default=5e-4)
    ap.add_argument("--warmup_ratio", type=float, default=0.1)
    ap.add_argument("--num_train_epochs", type=int, default=2)
    ap.add_argument("--gradient_accumulation_steps", type=int, default=1)
    ap.add_argument("--bf16", action="store_true")
    ap.add_argument("--output_dir", default="outputs/tagger")
    ap.add_argument("--seed", type=int, default=42)
    return ap.parse_args()


def main():
    args = parse_args()
    random.seed(args.seed)
    torch.manual_seed(args.seed)
    if not os.path.exists(args.data_file):
        make_corpus(args.data_file, vocab_size=args.vocab_size, n_tags=args.num_tags)
    docs = read_jsonl(args.data_file)
    random.shuffle(docs)
    split = int(0.85 * len(docs))
    collator = MultiLabelCollator(args.num_tags, args.max_seq_length)
    train_dl = DataLoader(docs[:split], batch_size=args.per_device_train_batch_size, shuffle=True,
                          collate_fn=collator)
    eval_dl = DataLoader(docs[split:], batch_size=64, collate_fn=collator)

    config = TinyEncoderConfig(vocab_size=args.vocab_size, d_model=args.d_model, n_heads=args.num_heads,
                               n_layers=args.num_layers, d_ff=2 * args.d_model, max_len=args.max_seq_length,
                               n_tags=args.num_tags)
    model = TinyEncoderForTagging(config)
    loss_fct = nn.BCEWithLogitsLoss()
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate, weight_decay=0.01)
    total = args.num_train_epochs * len(train_dl) // args.gradient_accumulation_steps
    warmup = int(args.warmup_ratio * total)
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min(1.0, (s + 1) / max(warmup, 1)) * max(0.0, (total - s) / max(total - warmup, 1)))

    global_step = 0
    for epoch in range(args.num_train_epochs):
        model.train()
        for step, batch in enumerate(train_dl):
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
                logits = model(batch["input_ids"], batch["attention_mask"])
            loss = loss_fct(logits.float(), batch["labels"]) / args.gradient_accumulation_steps
            loss.backward()
            if (step + 1) % args.gradient_accumulation_steps == 0:
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad()
                global_step += 1
                if global_step % 20 == 0:
                    print(f"step {global_step} loss {loss.item() * args.gradient_accumulation_steps:.4f}")
        model.eval()
        all_logits, all_labels = [], []
        with torch.no_grad():
            for batch in eval_dl:
                all_logits.append(model(batch["input_ids"], batch["attention_mask"]))
                all_labels.append(batch["labels"])
        print(f"epoch {epoch}: eval micro-F1 {micro_f1(torch.cat(all_logits), torch.cat(all_labels)):.3f}")

    os.makedirs(args.output_dir, exist_ok=True)
    torch.save(model.state_dict(), os.path.join(args.output_dir, "pytorch_model.bin"))


if __name__ == "__main__":
    main()
