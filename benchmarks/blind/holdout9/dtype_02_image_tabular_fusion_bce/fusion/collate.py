import torch


def fusion_collate(batch):
    images = torch.stack([s["image"] for s in batch])
    tabular = torch.stack([s["tabular"] for s in batch])
    labels = torch.tensor([s["label"] for s in batch])
    return {"image": images, "tabular": tabular, "label": labels}
