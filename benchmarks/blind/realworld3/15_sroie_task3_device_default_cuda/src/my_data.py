import random
import string
import torch

VOCAB = string.ascii_uppercase + string.digits + string.punctuation + " \t\n"

COMPANIES = ["SANYU STATIONERY SHOP", "MR D.I.Y. (M) SDN BHD", "GARDENIA BAKERIES", "99 SPEED MART S/B"]
ADDRESSES = ["NO. 31G&33G, JALAN SETIA INDAH", "LOT 1851-A & 1851-B, JALAN KPB 6", "NO 53 JALAN BESAR 45600"]


def fake_receipt(rng):
    """returns (text, per-character class: 0 other, 1 company, 2 address, 3 date, 4 total)"""
    parts = [("TAX INVOICE\n", 0), (rng.choice(COMPANIES), 1), ("\n", 0), (rng.choice(ADDRESSES), 2),
             ("\nDATE: ", 0), (f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/2018", 3),
             ("\nITEM  QTY  PRICE\n", 0), (f"PEN 2 {rng.randint(1, 9)}.00\n", 0), ("TOTAL: ", 0),
             (f"{rng.randint(10, 99)}.{rng.randint(0, 99):02d}", 4), ("\nTHANK YOU", 0)]
    text = "".join(p for p, _ in parts)
    cls = [c for p, c in parts for _ in p]
    return text, cls


class MyDataset:
    def __init__(self, n=200, seed=0, device="cpu"):
        rng = random.Random(seed)
        self.items = [fake_receipt(rng) for _ in range(n)]
        self.device = device

    def get_train_data(self, batch_size=8):
        batch = random.sample(self.items, batch_size)
        max_len = max(len(t) for t, _ in batch)
        text = torch.zeros(max_len, batch_size, dtype=torch.long)
        truth = torch.zeros(max_len, batch_size, dtype=torch.long)
        for i, (t, c) in enumerate(batch):
            text[:len(t), i] = torch.tensor([VOCAB.find(ch) for ch in t])
            truth[:len(t), i] = torch.tensor(c)
        return text.to(self.device), truth.to(self.device)
