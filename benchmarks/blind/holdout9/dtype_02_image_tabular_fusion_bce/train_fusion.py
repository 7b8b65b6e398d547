import torch
import torch.nn as nn
from torch.utils.data import DataLoader, random_split

from fusion.data import SkinLesionRecords, TABULAR_COLUMNS
from fusion.collate import fusion_collate
from fusion.model import LateFusionClassifier

EPOCHS = 2
BATCH_SIZE = 32


def run_epoch(model, loader, criterion, optimizer=None):
    training = optimizer is not None
    model.train(training)
    total, correct, seen = 0.0, 0, 0
    for batch in loader:
        with torch.set_grad_enabled(training):
            logits = model(batch["image"], batch["tabular"])
            loss = criterion(logits, batch["label"])
        if training:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        total += loss.item() * len(logits)
        correct += ((logits > 0).long() == batch["label"].long()).sum().item()
        seen += len(logits)
    return total / seen, correct / seen


def main():
    torch.manual_seed(42)
    full = SkinLesionRecords()
    train_set, val_set = random_split(full, [512, 128], generator=torch.Generator().manual_seed(1))
    train_loader = DataLoader(train_set, batch_size=BATCH_SIZE, shuffle=True, collate_fn=fusion_collate)
    val_loader = DataLoader(val_set, batch_size=BATCH_SIZE, collate_fn=fusion_collate)

    model = LateFusionClassifier(len(TABULAR_COLUMNS))
    criterion = nn.BCEWithLogitsLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    for epoch in range(EPOCHS):
        tr_loss, tr_acc = run_epoch(model, train_loader, criterion, optimizer)
        va_loss, va_acc = run_epoch(model, val_loader, criterion)
        print(f"epoch {epoch + 1}: train {tr_loss:.3f}/{tr_acc:.3f} val {va_loss:.3f}/{va_acc:.3f}")


if __name__ == "__main__":
    main()
