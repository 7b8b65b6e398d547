import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from kws.dataset import KeywordClips, pad_collate
from kws.model import KWSNet
from kws.sampling import BucketBatchSampler
from kws.settings import Settings

HERE = os.path.dirname(os.path.abspath(__file__))


def evaluate(model, loader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for feats, lengths, labels in loader:
            correct += (model(feats, lengths).argmax(-1) == labels).sum().item()
            total += labels.numel()
    return correct / total


def main(s=Settings()):
    torch.manual_seed(s.seed)
    n_kw = len(s.keywords)
    train_set = KeywordClips(s.n_train, s.n_mels, n_kw, seed=s.seed)
    val_set = KeywordClips(s.n_val, s.n_mels, n_kw, seed=s.seed + 1)
    sampler = BucketBatchSampler(train_set.lengths(), s.batch_size, s.bucket_width, seed=s.seed)
    train_loader = DataLoader(train_set, batch_sampler=sampler, collate_fn=pad_collate)
    val_loader = DataLoader(val_set, batch_size=64, collate_fn=pad_collate)

    model = KWSNet(s.n_mels, s.channels, n_kw)
    opt = torch.optim.Adam(model.parameters(), lr=s.lr)
    for epoch in range(s.epochs):
        model.train()
        running = 0.0
        for step, (feats, lengths, labels) in enumerate(train_loader):
            loss = F.cross_entropy(model(feats, lengths), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
        print(f"epoch {epoch}: loss {running / (step + 1):.3f}  val acc {evaluate(model, val_loader):.3f}")

    os.makedirs(os.path.join(HERE, s.ckpt_dir), exist_ok=True)
    torch.save(model.state_dict(), os.path.join(HERE, s.ckpt_dir, "kws.pt"))


if __name__ == "__main__":
    main()
