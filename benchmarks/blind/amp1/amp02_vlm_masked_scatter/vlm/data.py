import torch
from torch.utils.data import Dataset

COLORS = ["red", "green", "blue", "yellow"]
SHAPES = ["stripe", "square", "dot"]
PAD, BOS, EOS, IMG = 0, 1, 2, 3


class CaptionDataset(Dataset):
    """Images of a coloured shape, captioned '<color> <shape>'."""

    def __init__(self, size, image_size=16, patch=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.words = ["<pad>", "<bos>", "<eos>", "<image>"] + COLORS + SHAPES
        self.stoi = {w: i for i, w in enumerate(self.words)}
        self.num_patches = (image_size // patch) ** 2
        self.items = []
        palette = torch.tensor([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0]], dtype=torch.float32)
        for _ in range(size):
            c = int(torch.randint(len(COLORS), (1,), generator=g))
            s = int(torch.randint(len(SHAPES), (1,), generator=g))
            img = 0.1 * torch.randn(3, image_size, image_size, generator=g)
            mask = torch.zeros(image_size, image_size)
            if s == 0:
                mask[:, ::4] = 1
            elif s == 1:
                mask[4:12, 4:12] = 1
            else:
                mask[::4, ::4] = 1
            img += palette[c].view(3, 1, 1) * mask
            caption = [self.stoi[COLORS[c]], self.stoi[SHAPES[s]]]
            self.items.append((img, caption))

    @property
    def vocab_size(self):
        return len(self.words)

    @property
    def image_token_id(self):
        return IMG

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        img, caption = self.items[i]
        ids = [BOS] + [IMG] * self.num_patches + caption + [EOS]
        return img, torch.tensor(ids)


def collate(batch):
    imgs = torch.stack([b[0] for b in batch])
    ids = torch.nn.utils.rnn.pad_sequence([b[1] for b in batch], batch_first=True, padding_value=PAD)
    labels = ids.clone()
    labels[(labels == IMG) | (labels == PAD) | (labels == BOS)] = -100
    return {"pixel_values": imgs, "input_ids": ids, "labels": labels}
