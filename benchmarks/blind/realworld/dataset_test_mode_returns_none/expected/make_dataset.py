import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader


class FLAIR2Dataset(Dataset):
    def __init__(self, list_images, sen_size=8, is_test=False):
        self.list_images = list_images
        self.sen_size = sen_size
        self.is_test = is_test
        self.rng = np.random.default_rng(0)
        self.aerials = {i: self.rng.random((5, 32, 32), dtype=np.float32) for i in list_images}
        self.sens = {i: self.rng.random((10, 4, sen_size, sen_size), dtype=np.float32) for i in list_images}
        self.labels = {i: (self.aerials[i][0] > 0.5).astype(np.int64) for i in list_images}

    def read_aerial(self, image_id):
        return torch.from_numpy(self.aerials[image_id])

    def read_sen(self, image_id):
        return torch.from_numpy(self.sens[image_id])

    def read_labels(self, image_id):
        return torch.from_numpy(self.labels[image_id])

    def __len__(self):
        return len(self.list_images)

    def __getitem__(self, idx):
        image_id = self.list_images[idx]
        aerial = self.read_aerial(image_id)
        sen = self.read_sen(image_id)

        if not self.is_test:
            labels = self.read_labels(image_id)
        else:
            labels = torch.zeros(0, dtype=torch.int64)

        return image_id, aerial, sen, labels


class SimpleSegmenter(nn.Module):
    def __init__(self, num_classes=2):
        super().__init__()
        self.aerial = nn.Sequential(nn.Conv2d(5, 16, 3, padding=1), nn.ReLU())
        self.sen = nn.Linear(10 * 4, 16)
        self.head = nn.Conv2d(16, num_classes, 1)

    def forward(self, aerial, sen):
        x = self.aerial(aerial)
        s = self.sen(sen.mean(dim=(-1, -2)).flatten(1))
        return self.head(x + s[:, :, None, None])


if __name__ == '__main__':
    torch.manual_seed(0)
    train_ids = [f'IMG_{i:06d}' for i in range(16)]
    test_ids = [f'IMG_{i:06d}' for i in range(16, 24)]

    model = SimpleSegmenter()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    criterion = nn.CrossEntropyLoss()

    dataset = FLAIR2Dataset(list_images=train_ids, is_test=False)
    dataloader = DataLoader(dataset, batch_size=4, shuffle=True)
    for epoch in range(2):
        for image_id, aerial, sen, labels in dataloader:
            outputs = model(aerial, sen)
            loss = criterion(outputs, labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print(f'epoch {epoch} loss {loss.item():.4f}')

    dataset = FLAIR2Dataset(list_images=test_ids, is_test=True)
    dataloader = DataLoader(dataset, batch_size=4, shuffle=False)
    model.eval()
    with torch.no_grad():
        for image_id, aerial, sen, labels in dataloader:
            preds = model(aerial, sen).argmax(dim=1)
            print(image_id[0], tuple(aerial.shape), tuple(sen.shape), tuple(preds.shape))
