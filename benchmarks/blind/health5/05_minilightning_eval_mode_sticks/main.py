import torch
from torch.utils.data import DataLoader, random_split

from minilit.trainer import Trainer
from textcls.data import SyntheticReviews
from textcls.model import ReviewClassifier

if __name__ == "__main__":
    torch.manual_seed(0)
    full = SyntheticReviews()
    train_set, val_set = random_split(full, [1600, 400], generator=torch.Generator().manual_seed(0))
    train_loader = DataLoader(train_set, batch_size=64, shuffle=True)
    val_loader = DataLoader(val_set, batch_size=128)
    model = ReviewClassifier()
    Trainer(max_epochs=4).fit(model, train_loader, val_loader)
