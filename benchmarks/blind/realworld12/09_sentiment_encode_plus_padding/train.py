import random

import numpy as np
import torch
from torch.optim import AdamW
from torch.optim.lr_scheduler import LambdaLR

import config
import dataset
import engine
from model import BERTBaseUncased
from tokenizer import SimpleTokenizer

POS = ["great", "wonderful", "loved", "excellent", "fun", "brilliant", "moving", "superb"]
NEG = ["boring", "awful", "hated", "terrible", "dull", "weak", "messy", "bad"]
FILLER = ["the", "movie", "plot", "acting", "was", "really", "and", "i", "think", "story", "cast", "quite"]


def make_reviews(n, seed=42):
    rng = random.Random(seed)
    reviews, sentiments = [], []
    for _ in range(n):
        label = rng.randint(0, 1)
        words = [rng.choice(FILLER) for _ in range(rng.randint(3, 15))]
        for _ in range(rng.randint(1, 3)):
            words.insert(rng.randrange(len(words) + 1), rng.choice(POS if label else NEG))
        reviews.append(" ".join(words) + ".")
        sentiments.append(label)
    return reviews, sentiments


def run():
    torch.manual_seed(42)
    reviews, sentiments = make_reviews(320)
    cut = 256
    tokenizer = SimpleTokenizer(reviews[:cut], config.VOCAB_SIZE)

    train_dataset = dataset.BERTDataset(reviews[:cut], sentiments[:cut], tokenizer)
    train_data_loader = torch.utils.data.DataLoader(
        train_dataset, batch_size=config.TRAIN_BATCH_SIZE, shuffle=True)
    valid_dataset = dataset.BERTDataset(reviews[cut:], sentiments[cut:], tokenizer)
    valid_data_loader = torch.utils.data.DataLoader(
        valid_dataset, batch_size=config.VALID_BATCH_SIZE)

    model = BERTBaseUncased()
    num_train_steps = int(len(train_dataset) / config.TRAIN_BATCH_SIZE * config.EPOCHS)
    optimizer = AdamW(model.parameters(), lr=3e-3)
    scheduler = LambdaLR(optimizer, lambda step: max(0.0, 1 - step / num_train_steps))

    for epoch in range(config.EPOCHS):
        engine.train_fn(train_data_loader, model, optimizer, scheduler)
        outputs, targets = engine.eval_fn(valid_data_loader, model)
        accuracy = np.mean((np.array(outputs) >= 0.5) == np.array(targets))
        print(f"Epoch {epoch} Accuracy Score = {accuracy:.3f}")


if __name__ == "__main__":
    run()
