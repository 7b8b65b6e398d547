import json
import os

import torch
from torch.utils.data import DataLoader

from textcls.data import TopicDataset, make_corpus
from textcls.modeling import EncoderConfig, TinyEncoderForSequenceClassification
from textcls.tokenizer import WordPieceLite

OUTPUT_DIR = "outputs/topic-encoder"
BATCH_SIZE = 32
EPOCHS = 2
LR = 3e-4


def main():
    torch.manual_seed(0)
    config = EncoderConfig.from_json_file("config.json")

    train_texts, train_labels = make_corpus(640, seed=0)
    eval_texts, eval_labels = make_corpus(160, seed=1)

    tokenizer = WordPieceLite.train(train_texts, vocab_size=config.vocab_size)
    print(f"tokenizer vocab: {len(tokenizer)} entries")

    train_ds = TopicDataset(train_texts, train_labels, tokenizer, config.max_position_embeddings)
    eval_ds = TopicDataset(eval_texts, eval_labels, tokenizer, config.max_position_embeddings)
    train_dl = DataLoader(train_ds, batch_size=BATCH_SIZE, shuffle=True)
    eval_dl = DataLoader(eval_ds, batch_size=64)

    model = TinyEncoderForSequenceClassification.from_config(config)
    optimizer = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.01)
    total_steps = EPOCHS * len(train_dl)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: max(0.0, 1 - s / total_steps))

    for epoch in range(EPOCHS):
        model.train()
        for step, batch in enumerate(train_dl):
            out = model(**batch)
            out["loss"].backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
            if step % 10 == 0:
                print(f"epoch {epoch} step {step} loss {out['loss'].item():.4f}")

        model.eval()
        correct = 0
        with torch.no_grad():
            for batch in eval_dl:
                logits = model(batch["input_ids"], batch["attention_mask"])["logits"]
                correct += (logits.argmax(-1) == batch["labels"]).sum().item()
        print(f"epoch {epoch} eval accuracy {correct / len(eval_ds):.3f}")

    os.makedirs(OUTPUT_DIR, exist_ok=True)
    torch.save(model.state_dict(), os.path.join(OUTPUT_DIR, "pytorch_model.bin"))
    tokenizer.save(os.path.join(OUTPUT_DIR, "vocab.json"))
    with open(os.path.join(OUTPUT_DIR, "config.json"), "w") as f:
        json.dump(vars(config), f, indent=2)


if __name__ == "__main__":
    main()
