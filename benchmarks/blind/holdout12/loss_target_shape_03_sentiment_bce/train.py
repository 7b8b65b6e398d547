import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from textclf.data import ReviewDataset, Vocab, make_reviews
from textclf.model import BagOfEmbeddings

EPOCHS = 2
BATCH_SIZE = 32
LR = 3e-3


def run_epoch(model, loader, criterion, optimizer=None):
    training = optimizer is not None
    model.train(training)
    total_loss, correct, count = 0.0, 0, 0
    with torch.set_grad_enabled(training):
        for ids, labels in loader:
            logits = model(ids)
            loss = criterion(logits, labels)
            if training:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            total_loss += loss.item() * len(labels)
            correct += ((logits > 0).float() == labels).sum().item()
            count += len(labels)
    return total_loss / count, correct / count


def main():
    torch.manual_seed(0)
    train_reviews = make_reviews(1024, seed=1)
    val_reviews = make_reviews(256, seed=2)
    vocab = Vocab([t for t, _ in train_reviews])
    train_loader = DataLoader(ReviewDataset(train_reviews, vocab), batch_size=BATCH_SIZE, shuffle=True)
    val_loader = DataLoader(ReviewDataset(val_reviews, vocab), batch_size=BATCH_SIZE)

    model = BagOfEmbeddings(len(vocab))
    criterion = nn.BCEWithLogitsLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)

    for epoch in range(1, EPOCHS + 1):
        tr_loss, tr_acc = run_epoch(model, train_loader, criterion, optimizer)
        va_loss, va_acc = run_epoch(model, val_loader, criterion)
        print(f"[{epoch}] train {tr_loss:.3f}/{tr_acc:.3f}  val {va_loss:.3f}/{va_acc:.3f}")


if __name__ == "__main__":
    main()
