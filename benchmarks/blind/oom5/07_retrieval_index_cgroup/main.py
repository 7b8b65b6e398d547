import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from retrieval.catalog import ProductImages
from retrieval.encoder import Encoder
from retrieval.index import EmbeddingIndex


def main():
    torch.manual_seed(0)
    train_loader = DataLoader(ProductImages(512, seed=0), batch_size=32, shuffle=True)
    catalog_loader = DataLoader(ProductImages(2048, seed=1), batch_size=128)
    query_set = ProductImages(64, seed=2)

    encoder = Encoder()
    opt = torch.optim.Adam(encoder.parameters(), lr=2e-3)
    for epoch in range(2):
        encoder.train()
        total = 0.0
        for images, labels in train_loader:
            loss = F.cross_entropy(encoder(images), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: loss {total / len(train_loader):.4f}")

    index = EmbeddingIndex(encoder).build(catalog_loader)
    with torch.no_grad():
        q_images = torch.stack([query_set[i][0] for i in range(len(query_set))])
        hits = index.search(encoder.embed(q_images), k=5)
    precision = (index.labels[hits] == query_set.labels[:, None]).float().mean().item()
    print(f"catalog {len(index.vectors)} items, precision@5 {precision:.3f}")


if __name__ == "__main__":
    main()
