import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from features import HashingVectorizer

HAM = ["meeting moved to {d}", "can you send the report by {d}", "lunch on {d}?", "notes from today's call",
       "the build is green again", "reviewed your pull request, a few comments", "see you at the standup"]
SPAM = ["WIN $1000 now!!! click here", "cheap meds, limited offer", "you have been selected for a prize",
        "claim your free gift card today!", "urgent: verify your account password", "earn $$$ from home"]
DAYS = ["monday", "tuesday", "friday", "next week"]


def synth_messages(n, seed):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        is_spam = rnd.random() < 0.4
        msg = rnd.choice(SPAM if is_spam else HAM).format(d=rnd.choice(DAYS))
        if rnd.random() < 0.3:
            msg += " " + rnd.choice(HAM + SPAM).format(d=rnd.choice(DAYS))
        out.append((msg, int(is_spam)))
    return out


class MessageDataset(Dataset):
    def __init__(self, messages, vectorizer):
        self.messages = messages
        self.vec = vectorizer

    def __len__(self):
        return len(self.messages)

    def __getitem__(self, i):
        text, label = self.messages[i]
        return self.vec(text), torch.tensor(label, dtype=torch.float32)


def main():
    torch.manual_seed(0)
    vec = HashingVectorizer(n_buckets=512)
    train = DataLoader(MessageDataset(synth_messages(1000, 0), vec), batch_size=64, shuffle=True)
    test = DataLoader(MessageDataset(synth_messages(250, 1), vec), batch_size=64)

    model = nn.Sequential(nn.Linear(vec.n_buckets, 64), nn.ReLU(), nn.Linear(64, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    bce = nn.BCEWithLogitsLoss()

    for epoch in range(2):
        model.train()
        for x, y in train:
            opt.zero_grad()
            loss = bce(model(x).squeeze(1), y)
            loss.backward()
            opt.step()
        model.eval()
        correct = 0
        with torch.no_grad():
            for x, y in test:
                correct += ((model(x).squeeze(1) > 0).float() == y).sum().item()
        print(f"epoch {epoch}: loss={loss.item():.3f} acc={correct / len(test.dataset):.3f}")


if __name__ == "__main__":
    main()
